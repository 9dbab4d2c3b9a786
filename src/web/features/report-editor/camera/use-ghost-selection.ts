// Which before the ghost shows: the cleaner's pick in the strip while it is still unpaired, else
// the default (the one Auto Pair All would pair the next after with). A tap on the picked one
// again means "no before": the next after is stored unpaired, until another is picked.
import { useState } from 'react';
import type { GhostCandidate, GhostChoices } from './ghost-source';

type Pick = { kind: 'default' } | { kind: 'none' } | { kind: 'chosen'; key: string };

/** `serverIdOf`: a before picked while waiting here keeps its place once sent (its key changes to the server id's). */
export function useGhostSelection(
  choices: GhostChoices | null,
  serverIdOf: (localKey: string) => number | undefined,
): { selected: GhostCandidate | null; select: (key: string | null) => void } {
  const [pick, setPick] = useState<Pick>({ kind: 'default' });
  const candidates = choices?.candidates ?? [];
  const find = (key: string | null) => {
    const sent = key?.startsWith('upload-') ? serverIdOf(key.slice('upload-'.length)) : undefined;
    const current = sent === undefined ? key : `photo-${sent}`;
    return candidates.find((candidate) => candidate.key === current) ?? null;
  };
  // A chosen before that has just been paired (or sent, and so renamed) gives way to the default.
  const selected = pick.kind === 'none' ? null : ((pick.kind === 'chosen' ? find(pick.key) : null) ?? find(choices?.defaultKey ?? null));
  return { selected, select: (key) => setPick(key === null ? { kind: 'none' } : { kind: 'chosen', key }) };
}
