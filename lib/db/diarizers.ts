/**
 * The speaker detectors (lib/speakers), the one list: the database schema's columns and the
 * API contract the browser checks answers with both read it. It imports nothing, so the
 * browser's bundle takes only this list. sherpa-onnx runs its models; the basic one needs none.
 */
export const DIARIZERS = ["sherpa-onnx", "basic"] as const;
