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
});
