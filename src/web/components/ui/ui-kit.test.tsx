import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, test } from 'vitest';
import { AsyncState, EmptyBox } from './async-state';
import { Button } from './button';
import { Field } from './field';
import { Select } from './select';
import { Table } from './table';

const html = (node: React.ReactElement) => renderToStaticMarkup(node);

describe('Field', () => {
  test('an error is announced and tied to its input; without one, the input points nowhere', () => {
    const withError = html(
      <Field name="email" label="Email" value="" onChange={() => {}} error="Enter an email" />,
    );
    expect(withError).toContain('aria-invalid="true"');
    expect(withError).toContain('aria-describedby="email-error"');
    expect(withError).toMatch(/<span id="email-error" role="alert"[^>]*>Enter an email<\/span>/);
    expect(withError).toContain('border-red-600');

    const clean = html(<Field name="email" label="Email" value="" onChange={() => {}} />);
    expect(clean).not.toContain('aria-invalid');
    expect(clean).not.toContain('aria-describedby');
    expect(clean).not.toContain('role="alert"');
  });
});

describe('AsyncState', () => {
  const render = (state: { data: string[] | undefined; error: Error | null; pending: boolean }) =>
    html(
      <AsyncState state={state} isEmpty={(d) => d.length === 0} empty={<EmptyBox>Nothing yet</EmptyBox>}>
        {(d) => <ul>{d.join(',')}</ul>}
      </AsyncState>,
    );

  test('loading shows only while nothing is on screen; a reload keeps the data', () => {
    expect(render({ data: undefined, error: null, pending: true })).toContain('Loading…');
    expect(render({ data: ['a'], error: null, pending: true })).toBe('<ul>a</ul>');
  });

  test('an error is an alert with its message; an empty list says so', () => {
    expect(render({ data: undefined, error: new Error('Network down'), pending: false })).toMatch(
      /role="alert"[^>]*>Network down</,
    );
    expect(render({ data: [], error: null, pending: false })).toContain('Nothing yet');
  });
});

describe('Table', () => {
  test('each cell carries its column name for the narrow card layout, and rows their own attributes', () => {
    const out = html(
      <Table
        columns={[
          { header: 'Name', cell: (r: { id: string; n: number }) => r.id },
          { header: 'Count', className: 'text-right', cell: (r) => String(r.n) },
        ]}
        rows={[{ id: 'a', n: 2 }]}
        rowKey={(r) => r.id}
        rowProps={(r) => ({ 'data-testid': `row-${r.id}` })}
        cellClassName="px-3"
      />,
    );
    expect(out).toContain('<th scope="col">Name</th>');
    expect(out).toContain('<tr data-testid="row-a">');
    expect(out).toContain('<td data-label="Count" class="px-3 text-right">2</td>');
  });
});

describe('Select and Button', () => {
  test('the select is named by its label and shows every choice', () => {
    const out = html(
      <Select
        label="Range"
        name="range"
        value="30d"
        onChange={() => {}}
        options={[
          { value: '7d', label: 'Last 7 days' },
          { value: '30d', label: 'Last 30 days' },
        ]}
      />,
    );
    const [, labelFor, selectId] =
      /<label[^>]*for="([^"]+)"[^>]*>Range<select[^>]*id="([^"]+)"/.exec(out) ?? [];
    expect(labelFor).toBeTruthy();
    expect(labelFor).toBe(selectId);
    expect(out).toContain('<option value="30d" selected="">Last 30 days</option>');
  });

  test('a button never submits a form unless asked to', () => {
    expect(html(<Button>Go</Button>)).toContain('type="button"');
    expect(html(<Button type="submit">Go</Button>)).toContain('type="submit"');
  });
});
