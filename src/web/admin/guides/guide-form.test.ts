import { describe, expect, test } from 'vitest';
import { type GuideFormValues, guideFormData, guideFormProblems, pdfProblem } from './guide-form';

const MB = 1024 * 1024;
const valid: GuideFormValues = {
  title: 'Dakar',
  description: 'Le guide',
  price: '9.90',
  locale: 'fr',
  isActive: true,
};
const cover = { type: 'image/png', size: 200_000 };
const pdf = { type: 'application/pdf', size: 2 * MB };

describe('guideFormProblems', () => {
  test('a complete new guide has no problem', () => {
    expect(guideFormProblems(valid, { coverImage: cover, pdfPrimary: pdf }, true)).toEqual({});
  });

  test('blank text fields get the spec’s texts', () => {
    const problems = guideFormProblems({ ...valid, title: '  ', description: '', price: ' ' }, {}, false);
    expect(problems).toEqual({
      title: 'Title is required',
      description: 'Description is required',
      price: 'Price is required',
    });
  });

  test('a price that is not an amount with two decimals is refused', () => {
    expect(guideFormProblems({ ...valid, price: '9.999' }, {}, false).price).toMatch(/two decimals/);
    expect(guideFormProblems({ ...valid, price: '-1' }, {}, false).price).toMatch(/two decimals/);
  });

  test('the dialog checks with the server’s own rules: a 201-character title is refused before sending', () => {
    expect(guideFormProblems({ ...valid, title: 't'.repeat(201) }, {}, false)).toEqual({
      title: 'Title must be at most 200 characters',
    });
  });

  test('creating needs a cover and a primary PDF; editing does not', () => {
    expect(guideFormProblems(valid, { coverImage: cover }, true).files).toBe(
      'Cover image and primary PDF are required',
    );
    expect(guideFormProblems(valid, {}, false)).toEqual({});
  });

  test('the cover must be a JPEG or PNG of at most 10 MB', () => {
    const webp = guideFormProblems(valid, { coverImage: { type: 'image/webp', size: 10 } }, false);
    expect(webp.coverImage).toBe('Please select a JPEG or PNG image');
    const big = guideFormProblems(valid, { coverImage: { type: 'image/jpeg', size: 10 * MB + 1 } }, false);
    expect(big.coverImage).toBe('Image size must be less than 10MB');
    expect(guideFormProblems(valid, { coverImage: { type: 'image/jpeg', size: 10 * MB } }, false)).toEqual(
      {},
    );
  });

  test('PDFs of the form must be PDFs of at most 50 MB', () => {
    const notPdf = guideFormProblems(valid, { pdfSecondary: { type: 'image/png', size: 10 } }, false);
    expect(notPdf.pdfSecondary).toBe('Please select a PDF file');
    const big = guideFormProblems(
      valid,
      { pdfPrimary: { type: 'application/pdf', size: 50 * MB + 1 } },
      false,
    );
    expect(big.pdfPrimary).toBe('PDF size must be less than 50MB');
  });
});

test('a row upload uses the row’s size text', () => {
  expect(pdfProblem({ type: 'application/pdf', size: 50 * MB + 1 }, 'row')).toBe(
    'File size must be less than 50MB',
  );
  expect(pdfProblem({ type: 'text/plain', size: 1 }, 'row')).toBe('Please select a PDF file');
  expect(pdfProblem({ type: 'application/pdf', size: 50 * MB }, 'row')).toBeNull();
});

test('the multipart body carries trimmed fields and only the files picked', () => {
  const body = guideFormData(
    { ...valid, title: ' Dakar ', isActive: false },
    { pdfPrimary: new File(['%PDF-1.7'], 'g.pdf', { type: 'application/pdf' }) },
  );
  expect(body.get('title')).toBe('Dakar');
  expect(body.get('isActive')).toBe('false');
  expect(body.get('locale')).toBe('fr');
  expect((body.get('pdfPrimary') as File).name).toBe('g.pdf');
  expect(body.has('coverImage')).toBe(false);
});
