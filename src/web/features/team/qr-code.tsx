// A QR code of a link, drawn as one SVG path from uqr's module matrix (no canvas, no image
// request, crisp at any size). The new member scans it from the owner's screen.
import { useMemo } from 'react';
import { encode } from 'uqr';

export function QrCode({ value, label, size = 192 }: { value: string; label: string; size?: number }) {
  const { path, modules } = useMemo(() => {
    // border: the quiet zone of 4 modules readers need around the code.
    const { data } = encode(value, { ecc: 'M', border: 4 });
    const dark: string[] = [];
    data.forEach((row, y) => row.forEach((on, x) => on && dark.push(`M${x} ${y}h1v1h-1z`)));
    return { path: dark.join(''), modules: data.length };
  }, [value]);
  return (
    <svg role="img" aria-label={label} viewBox={`0 0 ${modules} ${modules}`} width={size} height={size} shapeRendering="crispEdges" className="bg-white">
      <rect width={modules} height={modules} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
