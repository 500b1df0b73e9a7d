import {float} from '../json.js';

/** One usage id's accumulated metrics (`sdk/llm/utils/metrics.py` `MetricsSnapshot`, `TokenUsage`). */
export type Usage = {
	model: string;
	cost: number;
	prompt: number;
	completion: number;
	cacheRead: number;
	cacheWrite: number;
	reasoning: number;
	contextWindow: number;
	perTurn: number;
	responseId: string;
};

export const newUsage = (model: string): Usage => ({
	model,
	cost: 0,
	prompt: 0,
	completion: 0,
	cacheRead: 0,
	cacheWrite: 0,
	reasoning: 0,
	contextWindow: 200_000,
	perTurn: 0,
	responseId: '',
});

/** dollars per million tokens (prompt, completion), roughly what the providers charge */
const PRICES: [RegExp, number, number][] = [
	[/opus/, 15, 75],
	[/sonnet|claude/, 3, 15],
	[/gpt-5|gpt-4o/, 1.25, 10],
	[/mini|haiku|flash/, 0.25, 2],
];

/**
 * One model call: the prompt is the whole context so far (most of it read from the cache), the answer
 * a few hundred tokens. `contextTokens` grows with the conversation.
 */
export function addCall(usage: Usage, contextTokens: number, completion: number, responseId: string): void {
	const [, prompt$, completion$] = PRICES.find(([pattern]) => pattern.test(usage.model)) ?? [/./, 3, 15];
	const cached = Math.floor(contextTokens * 0.85);
	usage.prompt += contextTokens;
	usage.completion += completion;
	usage.cacheRead += cached;
	usage.cacheWrite += contextTokens - cached;
	usage.perTurn = contextTokens + completion;
	usage.responseId = responseId;
	const cost = ((contextTokens - cached) * prompt$ + cached * prompt$ * 0.1 + completion * completion$) / 1e6;
	usage.cost = Math.round((usage.cost + cost) * 1e6) / 1e6;
}

/** The compact form every `stats` state update carries (`use_snapshot`, §5.4); nulls stay inside it. */
export function snapshot(usage: Usage) {
	return {
		model_name: usage.model,
		accumulated_cost: float(usage.cost),
		max_budget_per_task: null,
		accumulated_token_usage: {
			model: usage.model,
			prompt_tokens: usage.prompt,
			completion_tokens: usage.completion,
			cache_read_tokens: usage.cacheRead,
			cache_write_tokens: usage.cacheWrite,
			reasoning_tokens: usage.reasoning,
			context_window: usage.contextWindow,
			per_turn_token: usage.perTurn,
			response_id: usage.responseId,
		},
	};
}

/** `ConversationStats`: snapshots on the websocket, the full `Metrics` (with its per-call lists) in ConversationInfo. */
export function stats(usage: ReadonlyMap<string, Usage>, full: boolean) {
	const out: Record<string, unknown> = {};
	for (const [id, u] of usage) out[id] = full ? {...snapshot(u), costs: [], response_latencies: [], token_usages: []} : snapshot(u);
	return {usage_to_metrics: out};
}
