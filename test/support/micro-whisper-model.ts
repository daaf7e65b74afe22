/**
 * Tiny but loadable whisper.cpp model files, so tests can drive the real native binding
 * (@fugood/whisper.node) on machines that cannot download model weights.
 *
 * The layouts follow the loaders in node_modules/@fugood/whisper.node/whisper.cpp/src/whisper.cpp
 * (`whisper_model_load` and `whisper_vad_init_with_params`): the legacy ggml container
 * (magic, hyper-parameters, then tensors as n_dims, name length, type, dims, name, data).
 */
import { writeFile } from "node:fs/promises";
import gpt2 from "js-tiktoken/ranks/gpt2";

const GGML_MAGIC = 0x67676d6c;
const GGML_TYPE = { f32: 0, f16: 1 } as const;
type GgmlType = (typeof GGML_TYPE)[keyof typeof GGML_TYPE];
/** whisper's `ftype` header value for "big matrices in f16"; small tensors stay f32 either way. */
const FTYPE_MOSTLY_F16 = 1;

/** Shapes are in ggml order (ne[0] first, the contiguous dimension), as the loader compares them. */
interface Tensor {
  name: string;
  shape: number[];
  type: GgmlType;
  data: Float32Array;
}

/** Serialises the little-endian ggml container into memory; the files are a few MB at most. */
class GgmlWriter {
  private readonly chunks: Uint8Array[] = [];

  int32(...values: number[]): void {
    const chunk = Buffer.alloc(4 * values.length);
    values.forEach((value, i) => chunk.writeInt32LE(value, 4 * i));
    this.chunks.push(chunk);
  }

  uint32(value: number): void {
    const chunk = Buffer.alloc(4);
    chunk.writeUInt32LE(value);
    this.chunks.push(chunk);
  }

  bytes(data: Uint8Array): void {
    this.chunks.push(data);
  }

  floats32(values: Float32Array): void {
    const chunk = Buffer.alloc(4 * values.length);
    values.forEach((value, i) => chunk.writeFloatLE(value, 4 * i));
    this.chunks.push(chunk);
  }

  floats16(values: Float32Array): void {
    const chunk = Buffer.alloc(2 * values.length);
    values.forEach((value, i) => chunk.writeUInt16LE(float16Bits(value), 2 * i));
    this.chunks.push(chunk);
  }

  tensor({ name, shape, type, data }: Tensor): void {
    const nameBytes = Buffer.from(name, "utf8");
    this.int32(shape.length, nameBytes.length, type, ...shape);
    this.bytes(nameBytes);
    if (type === GGML_TYPE.f32) this.floats32(data);
    else this.floats16(data);
  }

  toBuffer(): Buffer {
    return Buffer.concat(this.chunks);
  }
}

const float32Scratch = new Float32Array(1);
const float32ScratchBits = new Uint32Array(float32Scratch.buffer);

/** IEEE 754 binary16 bits of `value`, rounded to nearest even (Node 20 has no Float16Array). */
function float16Bits(value: number): number {
  float32Scratch[0] = value;
  const bits = float32ScratchBits[0];
  const sign = (bits >>> 16) & 0x8000;
  const exponent = ((bits >>> 23) & 0xff) - 127 + 15;
  const mantissa = bits & 0x7fffff;
  if (exponent >= 0x1f) return sign | 0x7c00; // overflow (our weights never get there)
  // Values below the smallest normal half become subnormal: shift the implicit 1 in.
  const shift = exponent > 0 ? 13 : 14 - exponent;
  if (shift > 24) return sign;
  const full = exponent > 0 ? mantissa : mantissa | 0x800000;
  let half = (exponent > 0 ? exponent << 10 : 0) | (full >>> shift);
  const remainder = full & ((1 << shift) - 1);
  const halfway = 1 << (shift - 1);
  if (remainder > halfway || (remainder === halfway && half & 1)) half += 1; // a carry correctly bumps the exponent
  return sign | half;
}

type Random = () => number;

/** Seeded uniform [0, 1) generator (mulberry32): the same seed always yields the same file. */
function uniformRandom(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), state | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `count` samples of N(0, std²) by Box-Muller. */
function normal(random: Random, count: number, std: number): Float32Array {
  const values = new Float32Array(count);
  for (let i = 0; i < count; i += 2) {
    const radius = std * Math.sqrt(-2 * Math.log(1 - random()));
    const angle = 2 * Math.PI * random();
    values[i] = radius * Math.cos(angle);
    if (i + 1 < count) values[i + 1] = radius * Math.sin(angle);
  }
  return values;
}

function filled(count: number, value: number): Float32Array {
  return new Float32Array(count).fill(value);
}

const WEIGHT_STD = 0.02;

/** A random f16/f32 matrix or kernel, the bulk of every transformer. */
function weight(random: Random, name: string, shape: number[], type: GgmlType): Tensor {
  return { name, shape, type, data: normal(random, shape.reduce((a, b) => a * b, 1), WEIGHT_STD) };
}

function bias(name: string, size: number): Tensor {
  return { name, shape: [size], type: GGML_TYPE.f32, data: filled(size, 0) };
}

/** Layer norm at identity (weight 1, bias 0), so activations keep unit scale through the stack. */
function layerNorm(prefix: string, size: number): Tensor[] {
  return [
    { name: `${prefix}.weight`, shape: [size], type: GGML_TYPE.f32, data: filled(size, 1) },
    bias(`${prefix}.bias`, size),
  ];
}

// ---------------------------------------------------------------------------------------------
// Mel filters: librosa.filters.mel(sr=16000, n_fft=400, n_mels=80), which is what OpenAI's
// mel_filters.npz (and so every real ggml whisper file) holds: Slaney mel scale, Slaney area norm.
// ---------------------------------------------------------------------------------------------

const SAMPLE_RATE = 16000;
const N_FFT = 400;
const N_MELS = 80;
const N_FFT_BINS = N_FFT / 2 + 1;

const SLANEY_HZ_PER_MEL = 200 / 3;
const SLANEY_LOG_START_HZ = 1000;
const SLANEY_LOG_START_MEL = SLANEY_LOG_START_HZ / SLANEY_HZ_PER_MEL;
const SLANEY_LOG_STEP = Math.log(6.4) / 27;

function hzToMel(hz: number): number {
  if (hz < SLANEY_LOG_START_HZ) return hz / SLANEY_HZ_PER_MEL;
  return SLANEY_LOG_START_MEL + Math.log(hz / SLANEY_LOG_START_HZ) / SLANEY_LOG_STEP;
}

function melToHz(mel: number): number {
  if (mel < SLANEY_LOG_START_MEL) return mel * SLANEY_HZ_PER_MEL;
  return SLANEY_LOG_START_HZ * Math.exp(SLANEY_LOG_STEP * (mel - SLANEY_LOG_START_MEL));
}

/** Row-major [n_mels][n_fft_bins] triangles, computed in float64 like librosa, stored as f32. */
function melFilterbank(): Float32Array {
  const maxMel = hzToMel(SAMPLE_RATE / 2);
  const edges = Array.from({ length: N_MELS + 2 }, (_, i) => melToHz((maxMel * i) / (N_MELS + 1)));
  const filters = new Float32Array(N_MELS * N_FFT_BINS);
  for (let m = 0; m < N_MELS; m++) {
    const [left, centre, right] = [edges[m], edges[m + 1], edges[m + 2]];
    const areaNorm = 2 / (right - left);
    for (let k = 0; k < N_FFT_BINS; k++) {
      const hz = (k * SAMPLE_RATE) / N_FFT;
      const rising = (hz - left) / (centre - left);
      const falling = (right - hz) / (right - centre);
      filters[m * N_FFT_BINS + k] = Math.max(0, Math.min(rising, falling)) * areaNorm;
    }
  }
  return filters;
}

// ---------------------------------------------------------------------------------------------
// Vocabulary: whisper's English tokenizer is GPT-2's byte-level BPE (gpt2.tiktoken). The ggml
// file stores each token's raw bytes in rank order; whisper.cpp appends the special tokens.
// ---------------------------------------------------------------------------------------------

/**
 * GPT-2 token byte strings by rank. js-tiktoken packs ranks as lines of
 * "<label> <rank of first token> <base64 token> <base64 token> ..." (see the _Tiktoken
 * constructor in js-tiktoken/dist): consecutive tokens take consecutive ranks.
 */
function gpt2Tokens(): Buffer[] {
  const tokens: Buffer[] = [];
  for (const line of gpt2.bpe_ranks.split("\n")) {
    if (!line) continue;
    const [, firstRank, ...encoded] = line.split(" ");
    encoded.forEach((token, i) => (tokens[Number(firstRank) + i] = Buffer.from(token, "base64")));
  }
  return tokens;
}

/** Vocabulary size, special token ids and prompt length as whisper.cpp derives them from n_vocab (see `whisper_vocab`). */
function vocabularyLayout(multilingual: boolean) {
  // Multilingual vocabularies have one more text token (50257 vs 50256), shifting every special.
  const eot = multilingual ? 50257 : 50256;
  return {
    nVocab: multilingual ? 51865 : 51864,
    eot,
    // <|0.00|>; the 1501 timestamps <|0.00|>..<|30.00|> close the vocabulary.
    timestampBegin: eot + 107,
    // The decoder's fixed prompt: <|startoftranscript|>, plus language and task when multilingual.
    promptLength: multilingual ? 3 : 1,
  };
}

// ---------------------------------------------------------------------------------------------
// The micro whisper model.
// ---------------------------------------------------------------------------------------------

const HPARAMS = {
  nAudioCtx: 1500, // whisper's 30 s window: the encoder's frame count is fixed by the mel input
  nTextCtx: 448,
  nState: 32,
  nHead: 2,
  // One decoder layer: whisper.cpp treats two-layer decoders as distil models and drops timestamps.
  nLayer: 1,
};

/**
 * Why the decoder is scripted: with purely random weights every logit is within about ±0.5, so
 * whisper's "timestamps' summed probability beats the best text token" rule forces a timestamp
 * whenever one is allowed, and near-uniform text probabilities (avg logprob ≈ -10.8) fail every
 * temperature fallback. Seeds 1-3 each gave a single one-token segment spanning most of the audio,
 * with progress overshooting to 180-200 %: too thin to exercise segments and token timestamps.
 *
 * Instead, each decoder position is steered to one token of this script: the positional
 * embedding at position p is a large one-hot vector along a direction reserved for the token to
 * emit after position p, and that token's embedding row (tied with the output projection) is a
 * one-hot vector along the same direction. The random transformer blocks add comparatively tiny
 * residuals, so after the final layer norm the target token's logit (~16) dwarfs both the random
 * text logits and the timestamps' log-sum-exp (~7.3). Greedy decoding at temperature 0 then
 * reproduces the script whatever the audio: timestamp pairs with whole words between them, so
 * the real segment, token-timestamp and max_len splitting code runs on every transcription.
 * Audio longer than 30 s repeats the script in each window; audio shorter than 4.5 s ends it early.
 */
const SCRIPT = [
  { from: 0, to: 1.5, words: [" This", " is"] },
  { from: 1.5, to: 3, words: [" a", " micro"] },
  { from: 3, to: 4.5, words: [" whisper", " model"] },
];
const SCRIPT_EMBEDDING_SCALE = 3;
const SCRIPT_POSITION_SCALE = 20;
const SECONDS_PER_TIMESTAMP = 0.02;

/** Token ids the decoder should emit: <|from|> words <|to|> per segment, then <|endoftext|>. */
function scriptTokenIds(vocabulary: Map<string, number>, multilingual: boolean): number[] {
  const { eot, timestampBegin } = vocabularyLayout(multilingual);
  const timestamp = (seconds: number) => timestampBegin + Math.round(seconds / SECONDS_PER_TIMESTAMP);
  const word = (text: string) => {
    const id = vocabulary.get(text);
    if (id === undefined) throw new Error(`"${text}" is not a single GPT-2 token`);
    return id;
  };
  return [...SCRIPT.flatMap(({ from, to, words }) => [timestamp(from), ...words.map(word), timestamp(to)]), eot];
}

/** Token embeddings and decoder positions wired to replay the script (see SCRIPT). */
function scriptedDecoderEmbeddings(random: Random, script: number[], nVocab: number, promptLength: number) {
  const { nState, nTextCtx } = HPARAMS;
  const tokenEmbedding = normal(random, nState * nVocab, WEIGHT_STD);
  const positionalEmbedding = normal(random, nState * nTextCtx, WEIGHT_STD);
  const directions = [...new Set(script)];
  if (directions.length > nState) throw new Error("The decoder script needs more directions than the model has dimensions");
  directions.forEach((id, dim) => {
    tokenEmbedding.fill(0, id * nState, (id + 1) * nState);
    tokenEmbedding[id * nState + dim] = SCRIPT_EMBEDDING_SCALE;
  });
  // The output at position p predicts the token at p + 1, so the last prompt position emits script[0].
  script.forEach((id, k) => {
    const position = promptLength - 1 + k;
    positionalEmbedding.fill(0, position * nState, (position + 1) * nState);
    positionalEmbedding[position * nState + directions.indexOf(id)] = SCRIPT_POSITION_SCALE;
  });
  return { tokenEmbedding, positionalEmbedding };
}

/** Self- or cross-attention with its pre-norm, named as whisper.cpp's ASR_TENSOR_NAMES expects. */
function attention(random: Random, prefix: string, kind: "attn" | "cross_attn"): Tensor[] {
  const n = HPARAMS.nState;
  const f16 = GGML_TYPE.f16;
  return [
    ...layerNorm(`${prefix}.${kind}_ln`, n),
    weight(random, `${prefix}.${kind}.query.weight`, [n, n], f16),
    bias(`${prefix}.${kind}.query.bias`, n),
    weight(random, `${prefix}.${kind}.key.weight`, [n, n], f16),
    weight(random, `${prefix}.${kind}.value.weight`, [n, n], f16),
    bias(`${prefix}.${kind}.value.bias`, n),
    weight(random, `${prefix}.${kind}.out.weight`, [n, n], f16),
    bias(`${prefix}.${kind}.out.bias`, n),
  ];
}

function mlp(random: Random, prefix: string): Tensor[] {
  const n = HPARAMS.nState;
  return [
    ...layerNorm(`${prefix}.mlp_ln`, n),
    weight(random, `${prefix}.mlp.0.weight`, [n, 4 * n], GGML_TYPE.f16),
    bias(`${prefix}.mlp.0.bias`, 4 * n),
    weight(random, `${prefix}.mlp.2.weight`, [4 * n, n], GGML_TYPE.f16),
    bias(`${prefix}.mlp.2.bias`, n),
  ];
}

function encoderTensors(random: Random): Tensor[] {
  const { nState: n, nAudioCtx, nLayer } = HPARAMS;
  const f16 = GGML_TYPE.f16;
  const blocks = Array.from({ length: nLayer }, (_, i) => [
    ...attention(random, `encoder.blocks.${i}`, "attn"),
    ...mlp(random, `encoder.blocks.${i}`),
  ]);
  return [
    weight(random, "encoder.positional_embedding", [n, nAudioCtx], GGML_TYPE.f32),
    weight(random, "encoder.conv1.weight", [3, N_MELS, n], f16),
    { ...bias("encoder.conv1.bias", n), shape: [1, n] },
    weight(random, "encoder.conv2.weight", [3, n, n], f16),
    { ...bias("encoder.conv2.bias", n), shape: [1, n] },
    ...blocks.flat(),
    ...layerNorm("encoder.ln_post", n),
  ];
}

function decoderTensors(random: Random, script: number[], multilingual: boolean): Tensor[] {
  const { nState: n, nTextCtx, nLayer } = HPARAMS;
  const { nVocab, promptLength } = vocabularyLayout(multilingual);
  const embeddings = scriptedDecoderEmbeddings(random, script, nVocab, promptLength);
  const blocks = Array.from({ length: nLayer }, (_, i) => [
    ...attention(random, `decoder.blocks.${i}`, "attn"),
    ...attention(random, `decoder.blocks.${i}`, "cross_attn"),
    ...mlp(random, `decoder.blocks.${i}`),
  ]);
  return [
    { name: "decoder.positional_embedding", shape: [n, nTextCtx], type: GGML_TYPE.f32, data: embeddings.positionalEmbedding },
    { name: "decoder.token_embedding.weight", shape: [n, nVocab], type: GGML_TYPE.f16, data: embeddings.tokenEmbedding },
    ...blocks.flat(),
    ...layerNorm("decoder.ln", n),
  ];
}

/**
 * Writes a legacy ggml whisper model: the real GPT-2 vocabulary and mel filters, a 1-layer
 * encoder/decoder with random weights and a scripted decoder (see SCRIPT). English-only by
 * default (n_vocab 51864); `multilingual` gives n_vocab 51865, whisper.cpp's multilingual
 * token layout (with GPT-2 text tokens, not the real multilingual BPE).
 */
export async function writeMicroWhisperModel(filePath: string, options: { multilingual?: boolean; seed?: number } = {}): Promise<void> {
  const multilingual = options.multilingual ?? false;
  const random = uniformRandom(options.seed ?? 1);
  const { nVocab, eot } = vocabularyLayout(multilingual);
  const { nAudioCtx, nState, nHead, nLayer, nTextCtx } = HPARAMS;
  const out = new GgmlWriter();

  out.uint32(GGML_MAGIC);
  out.int32(nVocab, nAudioCtx, nState, nHead, nLayer, nTextCtx, nState, nHead, nLayer, N_MELS, FTYPE_MOSTLY_F16);

  out.int32(N_MELS, N_FFT_BINS);
  out.floats32(melFilterbank());

  // Every text token is stored. Multilingual layouts have one more text id, padded with an empty
  // token (whisper.cpp notes one at 50256 in real multilingual files), so <|endoftext|> lands right.
  const tokens = gpt2Tokens();
  const stored = [...tokens, ...Array.from({ length: eot - tokens.length }, () => Buffer.alloc(0))];
  out.int32(stored.length);
  for (const token of stored) {
    out.uint32(token.length);
    out.bytes(token);
  }

  // latin1 maps bytes 1:1, so byte-level tokens that are not valid UTF-8 stay distinct keys.
  const vocabulary = new Map(tokens.map((token, id) => [token.toString("latin1"), id]));
  const script = scriptTokenIds(vocabulary, multilingual);
  for (const tensor of [...encoderTensors(random), ...decoderTensors(random, script, multilingual)]) out.tensor(tensor);

  await writeFile(filePath, out.toBuffer());
}

// ---------------------------------------------------------------------------------------------
// The micro Silero VAD model, in the layout upstream whisper.cpp's models/convert-silero-vad-to-ggml.py
// writes and `whisper_vad_init_with_params` reads. Channel counts are those of Silero v5: the
// VAD graph hard-codes them (128/64 bias reshapes, 4 STFT frames of a 512-sample window).
// ---------------------------------------------------------------------------------------------

const VAD = {
  type: "silero-16k",
  version: [5, 1, 2],
  window: 512,
  context: 64,
  encoder: [
    { inChannels: 129, outChannels: 128, kernel: 3 },
    { inChannels: 128, outChannels: 64, kernel: 3 },
    { inChannels: 64, outChannels: 64, kernel: 3 },
    { inChannels: 64, outChannels: 128, kernel: 3 },
  ],
  lstmSize: 128,
  stftFilters: 258,
  stftTaps: 256,
};

/**
 * With random weights the speech probability sits near sigmoid(bias); a positive output bias
 * keeps it above the default 0.5 threshold so detection returns real segments to check.
 */
const VAD_OUTPUT_BIAS = 2;

function vadTensors(random: Random): Tensor[] {
  const f16 = GGML_TYPE.f16;
  const gates = 4 * VAD.lstmSize;
  const encoder = VAD.encoder.flatMap(({ inChannels, outChannels, kernel }, i) => [
    weight(random, `_model.encoder.${i}.reparam_conv.weight`, [kernel, inChannels, outChannels], f16),
    bias(`_model.encoder.${i}.reparam_conv.bias`, outChannels),
  ]);
  return [
    weight(random, "_model.stft.forward_basis_buffer", [VAD.stftTaps, 1, VAD.stftFilters], f16),
    ...encoder,
    weight(random, "_model.decoder.rnn.weight_ih", [VAD.lstmSize, gates], GGML_TYPE.f32),
    bias("_model.decoder.rnn.bias_ih", gates),
    weight(random, "_model.decoder.rnn.weight_hh", [VAD.lstmSize, gates], GGML_TYPE.f32),
    bias("_model.decoder.rnn.bias_hh", gates),
    weight(random, "_model.decoder.decoder.2.weight", [VAD.lstmSize, 1], f16),
    { ...bias("_model.decoder.decoder.2.bias", 1), data: filled(1, VAD_OUTPUT_BIAS) },
  ];
}

/** Writes a Silero-VAD ggml model that whisper.cpp loads and runs: random small weights, speech-leaning output bias. */
export async function writeMicroVadModel(filePath: string, options: { seed?: number } = {}): Promise<void> {
  const random = uniformRandom(options.seed ?? 1);
  const out = new GgmlWriter();
  out.uint32(GGML_MAGIC);
  const type = Buffer.from(VAD.type, "utf8");
  out.int32(type.length);
  out.bytes(type);
  out.int32(...VAD.version, VAD.window, VAD.context);
  out.int32(VAD.encoder.length);
  for (const layer of VAD.encoder) out.int32(layer.inChannels, layer.outChannels, layer.kernel);
  // lstm_input_size, lstm_hidden_size, final_conv_in, final_conv_out
  out.int32(VAD.lstmSize, VAD.lstmSize, VAD.lstmSize, 1);
  for (const tensor of vadTensors(random)) out.tensor(tensor);
  await writeFile(filePath, out.toBuffer());
}
