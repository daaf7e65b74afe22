/** Sentences the spec fixes word for word. */
export const NOT_FOUND_TEXT = "Sorry, the page you are looking for does not exist.";
export const NOT_AUTHORIZED_TEXT = "You are not authorized to access this page.";
