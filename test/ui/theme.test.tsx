// Issue 9 item 16: the theme follows the colour level in use; monochrome stays usable; the light
// theme's colours are measured here at 4.5:1 or better on white.
import React from 'react';
import {render} from 'ink-testing-library';
import {afterEach, describe, expect, it} from 'vitest';
import {cleanup} from 'ink-testing-library';
import {DARK, LIGHT, LIGHT_SERVERS, ThemeContext, createTheme, themeName, type Theme} from '../../source/ui/theme.js';
import {TextField} from '../../source/ui/widgets/TextField.js';

afterEach(() => cleanup());

/** WCAG 2 relative luminance of an sRGB colour. */
function luminance([r, g, b]: readonly number[]): number {
	const linear = (v: number) => {
		const c = v / 255;
		return c <= 0.039_28 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
	};
	return 0.2126 * linear(r!) + 0.7152 * linear(g!) + 0.0722 * linear(b!);
}

function contrastOnWhite(rgb: readonly number[]): number {
	return 1.05 / (luminance(rgb) + 0.05);
}

function hex(value: string): number[] {
	return [1, 3, 5].map(i => Number.parseInt(value.slice(i, i + 2), 16));
}

/** What a 256-colour terminal shows for a hex colour, rounded as chalk (ansi-styles rgbToAnsi256) does. */
function as256([r, g, b]: readonly number[]): number[] {
	if (r === g && g === b) {
		if (r! < 8) return [0, 0, 0];
		if (r! > 248) return [255, 255, 255];
		const level = 8 + 10 * Math.round(((r! - 8) / 247) * 24);
		return [level, level, level];
	}
	const cube = [0, 95, 135, 175, 215, 255];
	return [r!, g!, b!].map(v => cube[Math.round((v / 255) * 5)]!);
}

describe('the light theme', () => {
	it('every colour reads at 4.5:1 or better on white, in truecolor and in 256 colours', () => {
		const ratios = [...Object.entries(LIGHT), ...LIGHT_SERVERS.map((colour, i) => [`server ${i}`, colour] as const)].map(([tone, colour]) => ({
			tone,
			colour,
			truecolor: Number(contrastOnWhite(hex(colour)).toFixed(2)),
			c256: Number(contrastOnWhite(as256(hex(colour))).toFixed(2)),
		}));
		// measured: ok 6.47/4.70, warn 5.79/4.71, error 6.85/5.18, muted 6.69/7.11, info and accent 8.23/5.80
		for (const {tone, truecolor, c256} of ratios) {
			expect(truecolor, tone).toBeGreaterThanOrEqual(4.5);
			expect(c256, tone).toBeGreaterThanOrEqual(4.5);
		}
		// and the reason 256 colours is checked apart: chalk moves #005f00 to #008700 (4.70 → lower for others)
		expect(as256(hex('#005f00'))).toEqual([0, 135, 0]);
	});

	it('--theme picks it; auto reads COLORFGBG (background 7 or 9-15 is light), dark otherwise', () => {
		expect(themeName('light', {})).toBe('light');
		expect(themeName('dark', {COLORFGBG: '0;15'})).toBe('dark');
		expect(themeName('auto', {COLORFGBG: '0;15'})).toBe('light');
		expect(themeName('auto', {COLORFGBG: '0;default;7'})).toBe('light');
		expect(themeName('auto', {COLORFGBG: '15;0'})).toBe('dark');
		expect(themeName('auto', {COLORFGBG: 'garbage'})).toBe('dark');
		expect(themeName('auto', {})).toBe('dark');
		expect(createTheme({COLORFGBG: '0;15'}, {level: 3}).error).toBe(LIGHT.error);
		expect(createTheme({}, {level: 3}).error).toBe(DARK.error);
	});
});

describe('colour levels', () => {
	it('level 0 (TERM=dumb): no colour and no attributes; NO_COLOR: no colour, attributes kept', () => {
		expect(createTheme({}, {level: 0})).toMatchObject({color: false, attributes: false, error: undefined});
		expect(createTheme({NO_COLOR: '1'}, {level: 3})).toMatchObject({color: false, attributes: true, error: undefined, accent: undefined});
		expect(createTheme({}, {level: 1})).toMatchObject({color: true, attributes: true, error: 'red'});
		expect(createTheme({NO_COLOR: '1'}, {level: 3}).status('RUNNING')).toBeUndefined();
	});

	function field(theme: Theme, props: Partial<React.ComponentProps<typeof TextField>> = {}) {
		return render(
			<ThemeContext.Provider value={theme}>
				<TextField value="" cursor={0} focused placeholder="what should the agent do?" width={40} {...props} />
			</ThemeContext.Provider>,
		).lastFrame();
	}

	it('without any attribute the cursor is a _ and the placeholder sits in parentheses', () => {
		const plain = createTheme({}, {level: 0});
		expect(field(plain)).toBe('_(what should the agent do?)');
		expect(field(plain, {value: 'fix it', cursor: 3})).toBe('fix| it');
		expect(field(plain, {value: 'fix it', cursor: 6})).toBe('fix it_');
		expect(field(plain, {focused: false})).toBe('(what should the agent do?)');
	});
});
