// Verbatim's live recording: the browser's audio (any sample rate) as 16 kHz mono 16-bit
// PCM, posted in chunks of 4000 samples (250 ms). Each output sample averages the input
// samples it covers (a box filter before decimation), enough against aliasing for speech.
// Plain JavaScript: an AudioWorklet module is loaded as is, outside the app's bundle.
class PcmCapture extends AudioWorkletProcessor {
  constructor() {
    super();
    this.step = sampleRate / 16000;
    this.next = this.step;
    this.position = 0;
    this.sum = 0;
    this.count = 0;
    this.chunk = new Int16Array(4000);
    this.filled = 0;
  }

  process(inputs) {
    const channels = inputs[0];
    if (!channels || channels.length === 0) return true;
    const length = channels[0].length;
    for (let i = 0; i < length; i++) {
      let v = 0;
      for (let c = 0; c < channels.length; c++) v += channels[c][i];
      this.sum += v / channels.length;
      this.count++;
      this.position++;
      if (this.position >= this.next) {
        const sample = Math.max(-1, Math.min(1, this.sum / this.count));
        this.chunk[this.filled++] = sample < 0 ? sample * 0x8000 : sample * 0x7fff;
        this.sum = 0;
        this.count = 0;
        this.next += this.step;
        if (this.filled === this.chunk.length) {
          this.port.postMessage(this.chunk.buffer, [this.chunk.buffer]);
          this.chunk = new Int16Array(4000);
          this.filled = 0;
        }
      }
    }
    return true;
  }
}

registerProcessor("pcm-capture", PcmCapture);
