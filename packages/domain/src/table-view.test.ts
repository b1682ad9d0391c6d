import { describe, expect, it } from 'vitest';
import { hasTableParams, tableViewFromParams, tableViewToParams, type TableView } from './table-view.ts';

const rules = {
  sortable: ['requestId', 'createdDate'],
  filterable: ['requestId', 'status'],
  pageSizes: [5, 10, 20, 50, 100],
  defaultPageSize: 50,
};

describe('table view in the address', () => {
  it('reads sort, direction, filters, search, page and size', () => {
    const params = new URLSearchParams(
      'Id=7&sort=createdDate&dir=desc&f.status=Submitted&f.status=&f.requestId=12&q=ab%20c&size=20&page=3',
    );
    expect(tableViewFromParams(params, rules)).toEqual({
      page: 3,
      pageSize: 20,
      orderBy: 'createdDate',
      orderAsc: false,
      filters: [
        { column: 'status', values: ['Submitted', ''] },
        { column: 'requestId', values: ['12'] },
      ],
      search: 'ab c',
    });
  });

  it('ignores columns the table does not offer and page sizes it does not allow', () => {
    const params = new URLSearchParams('sort=comments&f.comments=x&size=7&page=-2&page=abc');
    expect(tableViewFromParams(params, rules)).toEqual({
      page: 1,
      pageSize: 50,
      orderBy: null,
      orderAsc: false,
      filters: [],
      search: '',
    });
  });

  it('sorts ascending when the direction is missing', () => {
    expect(tableViewFromParams(new URLSearchParams('sort=requestId'), rules).orderAsc).toBe(true);
  });

  it('writes only what differs from the defaults and keeps the screen params', () => {
    const view: TableView = {
      page: 2,
      pageSize: 50,
      orderBy: 'requestId',
      orderAsc: true,
      filters: [{ column: 'status', values: ['Submitted', 'Approved'] }],
      search: '',
    };
    const params = tableViewToParams(view, new URLSearchParams('Id=7&q=old&page=9'), 50);
    expect(params.toString()).toBe('Id=7&sort=requestId&dir=asc&f.status=Submitted&f.status=Approved&page=2');
    expect(tableViewFromParams(params, rules)).toEqual(view);
  });

  it('tells a touched address from an untouched one', () => {
    expect(hasTableParams(new URLSearchParams('Id=7&userId=3'))).toBe(false);
    expect(hasTableParams(new URLSearchParams('Id=7&f.status=Submitted'))).toBe(true);
    expect(
      hasTableParams(
        tableViewToParams(
          { page: 1, pageSize: 50, orderBy: null, orderAsc: false, filters: [], search: '' },
          new URLSearchParams('Id=7'),
          50,
        ),
      ),
    ).toBe(false);
  });

  it('keeps the anchor of a page reached by a step, after or before its row', () => {
    const base = { pageSize: 50, orderBy: 'requestId', orderAsc: true, filters: [], search: '' };
    const after: TableView = { ...base, page: 201, anchor: { id: 40123, isBefore: false } };
    const afterParams = tableViewToParams(after, new URLSearchParams('Id=7'), 50);
    expect(afterParams.toString()).toBe('Id=7&sort=requestId&dir=asc&page=201&after=40123');
    expect(tableViewFromParams(afterParams, rules)).toEqual(after);

    const before: TableView = { ...base, page: 3, anchor: { id: 9, isBefore: true } };
    const beforeParams = tableViewToParams(before, afterParams, 50);
    expect(beforeParams.toString()).toBe('Id=7&sort=requestId&dir=asc&page=3&before=9');
    expect(tableViewFromParams(beforeParams, rules)).toEqual(before);
  });

  it('leaves out an anchor on the first page and one the address garbles', () => {
    const first = { page: 1, pageSize: 50, orderBy: null, orderAsc: false, filters: [], search: '' };
    const written = tableViewToParams(
      { ...first, anchor: { id: 5, isBefore: false } },
      new URLSearchParams(),
      50,
    );
    expect(written.toString()).toBe('');
    for (const query of [
      'after=5',
      'page=2&after=5&before=6',
      'page=2&after=5&after=6',
      'page=2&after=0',
      'page=2&after=-3',
      'page=2&after=1.5',
      'page=2&after=abc',
      'page=2&before=99999999999999999999',
    ]) {
      expect(tableViewFromParams(new URLSearchParams(query), rules).anchor, query).toBeUndefined();
    }
    expect(hasTableParams(new URLSearchParams('before=3'))).toBe(true);
  });
});
