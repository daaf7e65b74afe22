import { OkAnswer } from "../contract/common";
import { ApiFormatState, ApiStyle, FormatRequest, StyleInput, StyleList } from "../contract/transcription";
import { endpoint } from "../endpoint";

export const updateStyle = endpoint({ method: "PATCH", path: "/api/styles/{id}", body: StyleInput, answer: ApiStyle });
export const deleteStyle = endpoint({ method: "DELETE", path: "/api/styles/{id}", answer: OkAnswer });
export const listStyles = endpoint({ method: "GET", path: "/api/styles", answer: StyleList });
export const createStyle = endpoint({ method: "POST", path: "/api/styles", body: StyleInput, answer: ApiStyle, status: 201 });
export const formatState = endpoint({ method: "GET", path: "/api/transcriptions/{id}/format", answer: ApiFormatState });
export const requestFormatting = endpoint({ method: "POST", path: "/api/transcriptions/{id}/format", body: FormatRequest, answer: ApiFormatState });
