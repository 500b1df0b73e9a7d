/**
 * The TUI's start before its script (issue 29): the config's resolution and the skeleton, one small
 * file of its own (scripts/build.mjs builds it alone, as status's), which the entry imports on the
 * TUI's path only. The skeleton needs the resolved config (the servers' names, the theme), and is
 * drawn before the TUI's script (React, Ink, the views) is compiled: the config's resolution is
 * here, not in that script.
 */
export {resolveConfig} from '../config/resolveConfig.js';
export {paintSkeleton, type SkeletonHold} from './skeleton.js';
