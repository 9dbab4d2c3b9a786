import { describe, expect, it } from 'vitest';
import { parseProjectParam } from './project-param';

describe('parseProjectParam', () => {
  it('reads the open report from ?project={id}', () => {
    expect(parseProjectParam('project=42')).toBe(42);
    expect(parseProjectParam('?project=7&x=1')).toBe(7);
  });

  it('reads a report made on this device with no signal, by its local (negative) id', () => {
    expect(parseProjectParam('project=-1834567')).toBe(-1834567);
  });

  it('shows the list for anything that is not a database id', () => {
    for (const search of [
      '',
      'project=',
      'project=abc',
      'project=0',
      'project=-0',
      'project=--3',
      'project=1.5',
      'project=-2147483648',
      'project=2147483648',
      'project=99999999999',
    ])
      expect(parseProjectParam(search)).toBeNull();
  });
});
