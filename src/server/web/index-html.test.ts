import { describe, expect, it } from 'vitest';
import { writeIntoIndexHtml } from './index-html';

const INDEX = '<!doctype html><html lang="en"><head><title>CleanProof</title></head><body></body></html>';

describe('writeIntoIndexHtml', () => {
  it('writes the language and the user block into the page', () => {
    expect(writeIntoIndexHtml(INDEX, 'es', '<script id="u">{}</script>')).toBe(
      '<!doctype html><html lang="es"><head><title>CleanProof</title><script id="u">{}</script></head><body></body></html>',
    );
  });

  it.each(["Dollar $' Cleaning", 'Shine $& Co', 'Spark $` Ltd', 'Price $$ Pros', 'Group $1 Ltd'])(
    'keeps a business name with %j exactly as typed',
    (businessName) => {
      const block = `<script type="application/json" id="u">${JSON.stringify({ user: { businessName } })}</script>`;
      const html = writeIntoIndexHtml(INDEX, 'en', block);
      const written = /<script type="application\/json" id="u">(.*?)<\/script>/.exec(html)?.[1];
      expect(JSON.parse(written ?? 'null')).toEqual({ user: { businessName } });
      expect(html.endsWith('</head><body></body></html>')).toBe(true);
    },
  );
});
