/** A rendered file to hand to the browser as a download. */
export interface DownloadFile {
  body: Uint8Array<ArrayBuffer>;
  contentType: string;
}

/** The file as an attachment; `disposition` is the whole Content-Disposition value (see contentDisposition). */
export function downloadResponse(file: DownloadFile, disposition: string): Response {
  return new Response(file.body, {
    headers: {
      "content-type": file.contentType,
      "content-disposition": disposition,
      "content-length": String(file.body.byteLength),
      "cache-control": "no-store",
    },
  });
}
