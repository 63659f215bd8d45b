import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminList, NoticeBanner, type AdminListProps } from './admin-list';

type Row = { id: number; name: string };
const props = (query: AdminListProps<Row>['query']): AdminListProps<Row> => ({
  query,
  loadError: 'The clients could not be loaded.',
  empty: { icon: <svg />, title: 'No clients yet', text: 'Create one.' },
  caption: 'API clients',
  rowKey: (row) => String(row.id),
  columns: [
    { header: 'Name', cell: (row) => <span>{row.name}</span> },
    { header: 'Actions', align: 'right', cell: (row, layout) => <button>{`Rotate ${row.name} (${layout})`}</button> },
  ],
  summary: (rows) => <p>{`${rows.length} clients`}</p>,
});

describe('AdminList', () => {
  it('says a failed load', () => {
    render(<AdminList {...props({ isError: true, isPending: false, data: undefined })} />);
    expect(screen.getByText('The clients could not be loaded.')).toBeInTheDocument();
  });

  it('announces loading with as many skeleton rows as asked', () => {
    const { container } = render(<AdminList {...props({ isError: false, isPending: true, data: undefined })} loadingRows={3} />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
    expect(container.querySelector('[aria-busy="true"]')!.children).toHaveLength(4);
  });

  it('shows the empty state without a summary', () => {
    render(<AdminList {...props({ isError: false, isPending: false, data: [] })} />);
    expect(screen.getByRole('heading', { name: 'No clients yet' })).toBeInTheDocument();
    expect(screen.queryByText('0 clients')).not.toBeInTheDocument();
  });

  it('lists each row with every column’s cell and the summary above', () => {
    render(<AdminList {...props({ isError: false, isPending: false, data: [{ id: 1, name: 'Billing' }, { id: 2, name: 'Rating' }] })} />);
    expect(screen.getByText('2 clients')).toBeInTheDocument();
    const list = screen.queryByRole('table', { name: 'API clients' }) ?? screen.getByRole('list', { name: 'API clients' });
    const layout = list.tagName === 'TABLE' ? 'table' : 'cards';
    expect(within(list).getByText('Billing')).toBeInTheDocument();
    expect(within(list).getByRole('button', { name: `Rotate Rating (${layout})` })).toBeInTheDocument();
  });
});

describe('NoticeBanner', () => {
  it('shows nothing without a notice, else the text, focusable and dismissable', async () => {
    const onDismiss = vi.fn();
    const { rerender, container } = render(<NoticeBanner notice={null} onDismiss={onDismiss} ref={null} />);
    expect(container).toBeEmptyDOMElement();
    rerender(<NoticeBanner notice={{ tone: 'success', text: 'Client created.' }} onDismiss={onDismiss} ref={null} />);
    expect(screen.getByText('Client created.').closest('[tabindex="-1"]')).not.toBeNull();
    await userEvent.setup().click(screen.getByRole('button'));
    expect(onDismiss).toHaveBeenCalled();
  });
});
