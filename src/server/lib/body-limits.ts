/**
 * Bodies above this are refused with 413: the JSON of any route fits easily, and an
 * anonymous client cannot make the server read megabytes. Only the photo and logo routes take
 * more (UPLOAD_BODY_LIMIT_BYTES), and only once sign-in is checked.
 */
export const BODY_LIMIT_BYTES = 64 * 1024;
/** Photo and logo uploads: a photo is at most 10 MB of bytes, or its data URL (4/3 of that) in JSON. */
export const UPLOAD_BODY_LIMIT_BYTES = 15 * 1024 * 1024;
