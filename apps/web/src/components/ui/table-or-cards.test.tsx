import { act } from 'react';
import { render, screen } from '@testing-library/react';
import { WIDE_SCREEN_QUERY } from '@/lib/use-media-query';
import { Table, TBody, Td, Tr } from './table';
import { TableOrCards } from './table-or-cards';

/** jsdom lays nothing out: the box's width and the table's own width are set here, and resizes fired by hand. */
const layout = { box: 600, table: 500 };
let observed: (() => void)[] = [];

const resizeTo = (width: number) =>
  act(() => {
    layout.box = width;
    observed.forEach((notify) => notify());
  });

const screenIs = (wide: boolean) =>
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: wide && query === WIDE_SCREEN_QUERY,
        media: query,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
      }) as unknown as MediaQueryList,
  );

beforeEach(() => {
  layout.box = 600;
  layout.table = 500;
  observed = [];
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(() => layout.box);
  vi.spyOn(HTMLElement.prototype, 'offsetWidth', 'get').mockImplementation(function (this: HTMLElement) {
    return this.tagName === 'TABLE' ? layout.table : layout.box;
  });
  vi.stubGlobal(
    'ResizeObserver',
    class {
      constructor(private readonly notify: ResizeObserverCallback) {}
      observe() {
        observed.push(() => this.notify([], this as unknown as ResizeObserver));
      }
      disconnect() {
        observed = [];
      }
    },
  );
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const rows = ['Nov 21, 2026'];
const Payments = ({ content = rows }: { content?: string[] }) => (
  <TableOrCards
    content={content}
    table={
      <Table caption="Payments">
        <TBody>
          {content.map((row) => (
            <Tr key={row}>
              <Td>{row}</Td>
            </Tr>
          ))}
        </TBody>
      </Table>
    }
    cards={
      <ul aria-label="Payments">
        {content.map((row) => (
          <li key={row}>{row}</li>
        ))}
      </ul>
    }
  />
);

const shows = (what: 'table' | 'list') => {
  expect(screen.getByRole(what, { name: 'Payments' })).toBeInTheDocument();
  expect(screen.queryByRole(what === 'table' ? 'list' : 'table')).not.toBeInTheDocument();
};

describe('TableOrCards', () => {
  it('shows cards on a phone, whatever the room', () => {
    screenIs(false);
    render(<Payments />);
    shows('list');
  });

  it('shows the table on a wide screen when it fits its box', () => {
    screenIs(true);
    render(<Payments />);
    shows('table');
  });

  it('shows cards when the table is wider than its box, and the table again once the box has room', async () => {
    screenIs(true);
    layout.table = 684;
    layout.box = 568;
    render(<Payments />);
    shows('list');
    await resizeTo(683);
    shows('list');
    await resizeTo(700);
    shows('table');
    await resizeTo(568);
    shows('list');
  });

  it('measures new rows afresh: a narrower page of rows gets the table back', () => {
    screenIs(true);
    layout.table = 700;
    const { rerender } = render(<Payments />);
    shows('list');
    layout.table = 500;
    rerender(<Payments content={['Oct 21, 2026']} />);
    shows('table');
  });
});
