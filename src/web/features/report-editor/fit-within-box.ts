// spec §9: a captured photo is scaled to fit within 1024x768; uploads are held to the same box.

export interface Size {
  width: number;
  height: number;
}

/** The largest size with the same aspect ratio that fits in the box; never scales up. */
export function fitWithinBox(source: Size, box: Size): Size {
  const scale = Math.min(1, box.width / source.width, box.height / source.height);
  return {
    width: Math.max(1, Math.min(box.width, Math.round(source.width * scale))),
    height: Math.max(1, Math.min(box.height, Math.round(source.height * scale))),
  };
}
