import { open } from "node:fs/promises";

/**
 * What ffmpeg and ffprobe may do with an uploaded file. Left alone they follow playlists
 * (HLS), concat scripts and URLs inside the upload (`file:`, `http:` …), which lets an
 * upload read the server's own files or hang on an address that never answers. So every
 * call that opens user media names the one local file (`file:` prefix), allows only the
 * `file` protocol, and allows only these demuxers: real audio and video containers.
 */
const CONTAINERS = [
  "wav", "w64", "aiff", "caf", "mp3", "ogg", "flac", "aac", "wv", "amr",
  "matroska", "webm", "mov", "mp4", "m4a", "3gp", "avi", "asf",
];

export const UNREADABLE =
  "This file is not audio we can read. Upload an audio or video file (mp3, wav, m4a, ogg, webm, flac, mp4, mov…).";

export const PLAYLIST_REFUSED =
  "Playlists and file lists (m3u, m3u8, pls, ffconcat…) cannot be transcribed. Upload the audio file itself.";

/**
 * ffmpeg/ffprobe input options: only the named local file (or, for an upload that went
 * straight to the bucket, the one presigned address of its object), only real media
 * containers — none of which opens another address.
 */
export function inputGuard(remote = false): string[] {
  return ["-protocol_whitelist", remote ? "http,https,tcp,tls,crypto" : "file", "-format_whitelist", CONTAINERS.join(",")];
}

const AUDIO_CODECS = new Set([
  "mp3", "mp2", "mp1", "aac", "aac_latm", "opus", "vorbis", "flac", "alac", "amr_nb", "amr_wb",
  "wmav1", "wmav2", "wmapro", "wmavoice", "wavpack", "speex", "gsm", "gsm_ms", "ac3", "eac3", "dts", "truehd",
]);

/** The audio codecs we decode: what recorders, phones, browsers and cameras write. */
export function supportedAudioCodec(codec: string | undefined): boolean {
  if (!codec) return false;
  return AUDIO_CODECS.has(codec) || /^(pcm|adpcm)_[a-z0-9_]+$/.test(codec);
}

const PLAYLIST_START = /^(#EXTM3U|#EXTINF|ffconcat\b|\[playlist\]|<\?xml|<smil|<asx|<playlist|#EXT-X-)/i;

/** A text playlist or file list, whatever the file is named (from its first bytes): refused with its own sentence. */
export function playlistProblem(head: Buffer): string | null {
  const text = head.subarray(0, 512).toString("utf8").replace(/^\uFEFF/, "").trimStart();
  return PLAYLIST_START.test(text) ? PLAYLIST_REFUSED : null;
}

/** The first `bytes` of a local file (fewer when it is shorter). */
export async function fileHead(file: string, bytes: number): Promise<Buffer> {
  const handle = await open(file, "r");
  try {
    const head = Buffer.alloc(bytes);
    const { bytesRead } = await handle.read(head, 0, bytes, 0);
    return head.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}
