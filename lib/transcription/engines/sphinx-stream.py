"""Live PocketSphinx for Verbatim: raw 16 kHz mono s16le PCM on stdin, text on stdout.

The library's own decoder (python3-pocketsphinx), so the words of an utterance can be
shown while it is still being spoken, which the `pocketsphinx_continuous` CLI cannot do.
Utterances end where the decoder's voice activity detection hears a pause, exactly as in
the CLI, and are printed in the CLI's `-time yes` format (hypothesis line, then `<s>`, one
`word start end confidence` line per word, `</s>`), so one parser reads both. Between
them, `~MS words` lines carry the utterance's best hypothesis so far and how much of the
audio (ms from the start) the decoder had heard then ("~MS" alone: none).

With a vocabulary (KWS_FILE and KWS_DICT, as lib/transcription/engines/sphinx-keywords.ts
writes them), a second decoder listens for its terms in the same blocks, and each term it
hears is printed as `!NAME start end` before the utterance it falls in.

    python3 sphinx-stream.py HMM_DIR LM_FILE DICT_FILE [KWS_FILE KWS_DICT]
"""
import os
import sys

from pocketsphinx import Decoder

FRAMES_PER_SECOND = 100.0
BLOCK_BYTES = 2048 * 2
SAMPLE_RATE = 16000


def main():
    hmm, lm, dictionary = sys.argv[1:4]
    config = Decoder.default_config()
    config.set_string("-hmm", hmm)
    config.set_string("-lm", lm)
    config.set_string("-dict", dictionary)
    config.set_string("-logfn", "/dev/null")
    decoder = Decoder(config)
    logmath = decoder.get_logmath()
    out = sys.stdout
    spotter = None
    if len(sys.argv) >= 6:
        kws_config = Decoder.default_config()
        kws_config.set_string("-hmm", hmm)
        kws_config.set_string("-kws", sys.argv[4])
        kws_config.set_string("-dict", sys.argv[5])
        kws_config.set_string("-logfn", "/dev/null")
        spotter = Decoder(kws_config)
        spotter.start_utt()
    spotting = [False]

    def spot(block):
        # Its own pauses end its utterances, as the CLI's -kws pass does: the same spots.
        spotter.process_raw(block, False, False)
        speaking = spotter.get_in_speech()
        if speaking and not spotting[0]:
            spotting[0] = True
        if spotting[0] and not speaking:
            print_spots()
            spotting[0] = False

    def print_spots():
        spotter.end_utt()
        for seg in spotter.seg():
            out.write("!%s %s %s\n" % (seg.word.strip(), seconds(seg.start_frame), seconds(seg.end_frame)))
        out.flush()
        spotter.start_utt()

    def seconds(frame):
        return "%.3f" % (frame / FRAMES_PER_SECOND)

    def print_utterance():
        hyp = decoder.hyp()
        out.write("%s\n" % (hyp.hypstr if hyp else ""))
        for seg in decoder.seg():
            out.write("%s %s %s %f\n" % (seg.word, seconds(seg.start_frame), seconds(seg.end_frame), logmath.exp(seg.prob)))
        out.write("~%d\n" % heard_ms())
        out.flush()

    processed = [0]

    def heard_ms():
        return processed[0] * 1000 // SAMPLE_RATE

    decoder.start_utt()
    in_utterance = False
    shown = ""
    # The audio is decoded in the CLI's blocks of 2048 samples, and the pause that ends an
    # utterance is looked for after each, as the CLI does: the same utterances and words
    # however the audio arrives.
    buffered = b""
    while True:
        data = os.read(0, 65536)
        if not data:
            break
        buffered += data
        blocks = len(buffered) // BLOCK_BYTES
        for i in range(blocks):
            block = buffered[i * BLOCK_BYTES:(i + 1) * BLOCK_BYTES]
            if spotter:
                spot(block)
            decoder.process_raw(block, False, False)
            processed[0] += BLOCK_BYTES // 2
            speaking = decoder.get_in_speech()
            if speaking and not in_utterance:
                in_utterance = True
            if in_utterance and not speaking:
                decoder.end_utt()
                print_utterance()
                decoder.start_utt()
                in_utterance = False
                shown = ""
        buffered = buffered[blocks * BLOCK_BYTES:]
        # The utterance's best guess so far, once per read (a read is a chunk of the recording).
        if in_utterance:
            hyp = decoder.hyp()
            text = hyp.hypstr if hyp else ""
            if text != shown:
                shown = text
                out.write("~%d %s\n" % (heard_ms(), text))
                out.flush()
    if buffered:
        decoder.process_raw(buffered[:len(buffered) - len(buffered) % 2], False, False)
        if spotter:
            spotter.process_raw(buffered[:len(buffered) - len(buffered) % 2], False, False)
    if spotter:
        print_spots()
    decoder.end_utt()
    if in_utterance:
        print_utterance()


if __name__ == "__main__":
    try:
        main()
    except (BrokenPipeError, KeyboardInterrupt):
        pass
