/**
 * Tiny but loadable ONNX models for sherpa-onnx's speaker diarization, so tests drive the real
 * native pipeline (sherpa-onnx-node) on machines that cannot download model weights.
 *
 * sherpa-onnx reads these metadata keys (k2-fsa/sherpa-onnx, sherpa-onnx/csrc/):
 * - segmentation (offline-speaker-segmentation-pyannote-model.cc): sample_rate, window_size,
 *   receptive_field_size, receptive_field_shift, num_speakers, powerset_max_classes,
 *   num_classes; the window shift is 0.1 × window_size (the config's window_shift_ratio).
 *   model_type and version are what scripts/pyannote/segmentation/export-onnx.py also writes.
 * - embedding (speaker-embedding-extractor-impl.cc and -model.cc): framework ("wespeaker",
 *   "3d-speaker" or "nemo"), output_dim, sample_rate, normalize_samples, language, and
 *   optionally feature_normalize_type ("global-mean" for 3D-Speaker; unknown values make the
 *   native code exit while computing, which the crash tests use).
 * A missing key makes the native code exit the process, which is why the diarizer runs in a
 * child process.
 */
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { onnx } from "onnx-proto";

const MICRO_SAMPLE_RATE = 16_000;
/** sherpa-onnx cuts audio into windows of this many samples (10 s, as pyannote 3.0) */
const MICRO_WINDOW_SIZE = 160_000;
/** one output frame per 20 ms of audio */
const MICRO_FRAME_SAMPLES = 320;
export const MICRO_EMBEDDING_DIM = 16;
const FRAMES = MICRO_WINDOW_SIZE / MICRO_FRAME_SAMPLES;
const FBANK_BINS = 80;
/** frames below this mean energy (RMS ≈ 0.03, about −30 dBFS) count as silence */
const SILENCE_ENERGY = 1e-3;
/** first-difference energy over energy: voices with more high-frequency energy are "speaker 2" */
const BRIGHTNESS_SPLIT = 0.1;

const { AttributeType } = onnx.AttributeProto;
const FLOAT = onnx.TensorProto.DataType.FLOAT;
const INT64 = onnx.TensorProto.DataType.INT64;

type Attribute = onnx.IAttributeProto;
const ints = (name: string, values: number[]): Attribute => ({ name, type: AttributeType.INTS, ints: values });
const int = (name: string, value: number): Attribute => ({ name, type: AttributeType.INT, i: value });

function node(opType: string, input: string[], output: string, attribute: Attribute[] = []): onnx.INodeProto {
  return { opType, input, output: [output], name: output, attribute };
}

function floatTensor(name: string, dims: number[], values: number[]): onnx.ITensorProto {
  return { name, dims, dataType: FLOAT, floatData: values };
}

function int64Tensor(name: string, values: number[]): onnx.ITensorProto {
  return { name, dims: [values.length], dataType: INT64, int64Data: values };
}

function floatValue(name: string, dims: Array<number | string>): onnx.IValueInfoProto {
  const dim = dims.map((d) => (typeof d === "number" ? { dimValue: d } : { dimParam: d }));
  return { name, type: { tensorType: { elemType: FLOAT, shape: { dim } } } };
}

function modelBytes(graph: onnx.IGraphProto, metadata: Record<string, string | number>): Uint8Array {
  const model = onnx.ModelProto.create({
    irVersion: 8,
    opsetImport: [{ domain: "", version: 17 }],
    producerName: "verbatim-tests",
    graph,
    metadataProps: Object.entries(metadata).map(([key, value]) => ({ key, value: String(value) })),
  });
  return onnx.ModelProto.encode(model).finish();
}

/**
 * A pyannote-3.0-shaped segmentation graph: x [N, 1, 160000] → y [N, 500, 7] log-probabilities
 * over the powerset classes (0 silence, 1–3 one speaker, 4–6 two). Each 20 ms frame is speech
 * when its energy, smoothed over 0.22 s, is above SILENCE_ENERGY; speech goes to local speaker 1
 * or 2 by its brightness over about 1 s (energy of the first difference over energy), so two
 * voices of different timbre come out as two speakers. The overlap classes are never chosen.
 */
function segmentationGraph(): onnx.IGraphProto {
  const smooth = (frames: number) => [ints("kernel_shape", [frames]), ints("pads", [(frames - 1) / 2, (frames - 1) / 2]), ints("strides", [1]), int("count_include_pad", 0)];
  const meanOverSamples = [ints("axes", [2]), int("keepdims", 1)];
  const nodes = [
    node("Reshape", ["x", "frame_shape"], "frames"),
    node("Mul", ["frames", "frames"], "squares"),
    node("ReduceMean", ["squares"], "energy_col", meanOverSamples),
    node("Slice", ["frames", "one", "frame_end", "two"], "later"),
    node("Slice", ["frames", "zero", "frame_last", "two"], "earlier"),
    node("Sub", ["later", "earlier"], "difference"),
    node("Mul", ["difference", "difference"], "difference_squares"),
    node("ReduceMean", ["difference_squares"], "difference_energy_col", meanOverSamples),
    node("Transpose", ["energy_col"], "energy_row", [ints("perm", [0, 2, 1])]),
    node("Transpose", ["difference_energy_col"], "difference_energy_row", [ints("perm", [0, 2, 1])]),
    node("AveragePool", ["energy_row"], "energy", smooth(11)),
    node("AveragePool", ["energy_row"], "steady_energy", smooth(51)),
    node("AveragePool", ["difference_energy_row"], "steady_difference_energy", smooth(51)),
    node("Add", ["energy", "epsilon"], "energy_floor"),
    node("Log", ["energy_floor"], "log_energy"),
    node("Sub", ["log_energy", "log_silence"], "speech"),
    node("Add", ["steady_energy", "epsilon"], "steady_energy_floor"),
    node("Div", ["steady_difference_energy", "steady_energy_floor"], "brightness"),
    node("Sub", ["brightness", "brightness_split"], "brightness_offset"),
    node("Mul", ["brightness_offset", "brightness_gain"], "brightness_score"),
    node("Clip", ["brightness_score", "minus_half", "half"], "timbre"),
    node("Mul", ["speech", "zero_f"], "silence_logit"),
    node("Add", ["speech", "timbre"], "speaker_1_logit"),
    node("Sub", ["speech", "timbre"], "speaker_2_logit"),
    node("Sub", ["silence_logit", "never"], "unused_logit"),
    node(
      "Concat",
      ["silence_logit", "speaker_1_logit", "speaker_2_logit", "unused_logit", "unused_logit", "unused_logit", "unused_logit"],
      "logits_by_class",
      [int("axis", 1)],
    ),
    node("Transpose", ["logits_by_class"], "logits", [ints("perm", [0, 2, 1])]),
    node("LogSoftmax", ["logits"], "y", [int("axis", -1)]),
  ];
  return {
    name: "micro-pyannote-segmentation",
    node: nodes,
    initializer: [
      int64Tensor("frame_shape", [-1, FRAMES, MICRO_FRAME_SAMPLES]),
      int64Tensor("zero", [0]),
      int64Tensor("one", [1]),
      int64Tensor("two", [2]),
      int64Tensor("frame_end", [MICRO_FRAME_SAMPLES]),
      int64Tensor("frame_last", [MICRO_FRAME_SAMPLES - 1]),
      floatTensor("epsilon", [], [1e-10]),
      floatTensor("log_silence", [], [Math.log(SILENCE_ENERGY)]),
      floatTensor("brightness_split", [], [BRIGHTNESS_SPLIT]),
      floatTensor("brightness_gain", [], [10]),
      floatTensor("minus_half", [], [-0.5]),
      floatTensor("half", [], [0.5]),
      floatTensor("zero_f", [], [0]),
      floatTensor("never", [], [1e4]),
    ],
    input: [floatValue("x", ["N", 1, "T"])],
    output: [floatValue("y", ["N", FRAMES, 7])],
  };
}

/**
 * Cosine basis over the mel bins, columns 1…dim (column 0, the overall level, is left out so
 * loudness does not move the embedding): the mean log-mel spectrum's cepstrum, a rough
 * description of a voice's spectral envelope.
 */
function cepstralProjection(dim: number): number[] {
  const weights: number[] = [];
  for (let bin = 0; bin < FBANK_BINS; bin++) {
    for (let k = 1; k <= dim; k++) weights.push(Math.cos((Math.PI * k * (bin + 0.5)) / FBANK_BINS) / FBANK_BINS);
  }
  return weights;
}

/** A WeSpeaker-shaped embedding graph: fbank features x [N, T, 80] → embedding [N, dim]. */
function embeddingGraph(dim: number): onnx.IGraphProto {
  return {
    name: "micro-speaker-embedding",
    node: [node("ReduceMean", ["x"], "mean_fbank", [ints("axes", [1]), int("keepdims", 0)]), node("MatMul", ["mean_fbank", "projection"], "embedding")],
    initializer: [floatTensor("projection", [FBANK_BINS, dim], cepstralProjection(dim))],
    input: [floatValue("x", ["N", "T", FBANK_BINS])],
    output: [floatValue("embedding", ["N", dim])],
  };
}

function microSegmentationModel(): Uint8Array {
  return modelBytes(segmentationGraph(), {
    model_type: "pyannote-segmentation-3.0",
    version: 1,
    sample_rate: MICRO_SAMPLE_RATE,
    window_size: MICRO_WINDOW_SIZE,
    receptive_field_size: MICRO_FRAME_SAMPLES,
    receptive_field_shift: MICRO_FRAME_SAMPLES,
    num_speakers: 3,
    powerset_max_classes: 2,
    num_classes: 7,
  });
}

/** `featureNormalizeType` other than "" or "global-mean" makes sherpa-onnx exit mid-run. */
export function microEmbeddingModel(options: { featureNormalizeType?: string } = {}): Uint8Array {
  return modelBytes(embeddingGraph(MICRO_EMBEDDING_DIM), {
    framework: "wespeaker",
    language: "English",
    sample_rate: MICRO_SAMPLE_RATE,
    output_dim: MICRO_EMBEDDING_DIM,
    normalize_samples: 1,
    ...(options.featureNormalizeType === undefined ? {} : { feature_normalize_type: options.featureNormalizeType }),
  });
}

export interface MicroDiarizationModels {
  segmentation: string;
  embedding: string;
}

/** Writes segmentation.onnx and embedding.onnx into `dir` (a few kB each). */
export async function writeMicroDiarizationModels(dir: string): Promise<MicroDiarizationModels> {
  const models = { segmentation: path.join(dir, "segmentation.onnx"), embedding: path.join(dir, "embedding.onnx") };
  await writeFile(models.segmentation, microSegmentationModel());
  await writeFile(models.embedding, microEmbeddingModel());
  return models;
}
