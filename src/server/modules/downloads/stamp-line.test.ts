import { describe, expect, test } from 'vitest';
import { pdfPageTexts } from '../../../../tests/helpers/pdf';
import { renderStampLine, StampRenderError, stampHtml, stopWorker } from './stamp-line';

describe('renderStampLine', () => {
  test('markup in a name is printed as typed, never read as HTML', async () => {
    const line = 'Personal copy of <b>Awa</b> & <style>p{display:none}</style>Diop · GA-1';
    expect(stampHtml(line)).not.toContain('<b>');
    const { pdf, width, height } = await renderStampLine(line);
    const [text] = await pdfPageTexts(pdf);
    expect(text!.trim()).toBe(line);
    expect(width).toBeGreaterThan(height);
  });

  test('a worker stopped in the middle of a line fails that line with StampRenderError, and the next line is set by a new one', async () => {
    const pending = renderStampLine(`Personal copy of Awa Diop · ${Date.now()}`);
    stopWorker('stopped by the test');
    await expect(pending).rejects.toBeInstanceOf(StampRenderError);
    const again = await renderStampLine('Personal copy of Awa Diop · GA-2');
    expect((await pdfPageTexts(again.pdf))[0]).toContain('GA-2');
  });

  test('the same line asked twice at once is set once', async () => {
    const line = `Personal copy of Fatou Sow · ${Date.now()}`;
    expect(renderStampLine(line)).toBe(renderStampLine(line));
  });
});
