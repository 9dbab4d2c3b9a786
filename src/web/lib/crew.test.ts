import { describe, expect, it } from 'vitest';
import { initialsOf, namesPhotoTakers } from './crew';

describe('initialsOf', () => {
  it('takes the first letters of the first and last words, in capitals', () => {
    expect(initialsOf('Ana María López')).toBe('AL');
    expect(initialsOf('luis')).toBe('L');
    expect(initialsOf('  josé   pérez ')).toBe('JP');
    expect(initialsOf('Élodie Ñúñez')).toBe('ÉÑ');
    expect(initialsOf('')).toBe('');
  });
});

describe('namesPhotoTakers', () => {
  const owner = { id: 1, role: 'owner' as const };
  it('names no one in an owner’s own report, and names everyone once a crew member took a photo', () => {
    expect(namesPhotoTakers(owner, [{ takenBy: { id: 1, name: 'Jo' } }])).toBe(false);
    expect(namesPhotoTakers(owner, [{ takenBy: { id: 1, name: 'Jo' } }, { takenBy: { id: 2, name: 'Ana' } }])).toBe(true);
  });
  it('always names takers for a manager or a cleaner', () => {
    expect(namesPhotoTakers({ id: 2, role: 'cleaner' }, [{ takenBy: { id: 2, name: 'Ana' } }])).toBe(true);
    expect(namesPhotoTakers({ id: 3, role: 'manager' }, [])).toBe(true);
    expect(namesPhotoTakers(null, [{ takenBy: { id: 2, name: 'Ana' } }])).toBe(false);
  });
});
