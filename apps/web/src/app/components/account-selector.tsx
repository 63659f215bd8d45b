import { displayPhone } from '@portal/contract/regions';
import { useQuery } from '@tanstack/react-query';
import { Building2, Check, ChevronsUpDown, Search } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from '@/lib/i18n/translate';
import { matchPath, useLocation, useNavigate } from 'react-router';
import { Popover } from '@/components/ui/popover';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { accountSearchQuery, staffAccountSearchQuery, STAFF_SEARCH_TAKE, type AccountOption } from '@/lib/current-account/api';
import { useCurrentAccount } from '@/lib/current-account/current-account';
import { filterAccounts, groupAccounts, groupParentName } from '@/lib/current-account/rules';
import { whenNoUnsavedChanges } from '@/lib/unsaved-changes';
import { useDebouncedValue } from '@/lib/use-debounced-value';

/** Staff type a few letters before the server is asked; this keeps the search from firing on every key. */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * Account selector: a button showing the current account that opens a searchable list
 * (ARIA combobox + listbox, arrow keys, Enter, Escape). Customers filter their own accounts locally; Staff
 * and Admin search the server as they type (debounced, first 20 matches), because they reach every account:
 * by name or number, and by invoice or contact email, phone in any format or invoice number, with the
 * field that matched shown under the account. Sub-accounts are grouped under "{parent} (Sub-Accounts)".
 * `compact`: the phone header's, beside the logo and the menus on one line; its list opens across the header.
 */
export function AccountSelector({ className, compact = false }: { className?: string; compact?: boolean }) {
  const { t } = useTranslation('shell');
  const current = useCurrentAccount();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const debounced = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);
  const navigate = useNavigate();
  const location = useLocation();
  const id = useId();
  const listId = `${id}-list`;
  const inputRef = useRef<HTMLInputElement>(null);

  const searching = debounced.trim() !== '';
  // Before anything is typed, staff see the first accounts by name; typing searches every field.
  const browse = useQuery({ ...accountSearchQuery(''), enabled: open && current.searchesServer && !searching });
  const found = useQuery({ ...staffAccountSearchQuery(debounced), enabled: open && current.searchesServer && searching });
  const search = searching ? found : browse;
  const options: AccountOption[] = useMemo(
    () =>
      current.searchesServer
        ? ((searching ? found.data : browse.data?.value) ?? [])
        : filterAccounts(current.accounts, text),
    [current.searchesServer, current.accounts, searching, found.data, browse.data, text],
  );
  // Search hits keep the service's order (best match first) within their families; lists go by name.
  const groups = useMemo(
    () => groupAccounts(options, current.searchesServer && searching ? 'asListed' : 'byName'),
    [current.searchesServer, searching, options],
  );
  const flat = useMemo(() => groups.flatMap((g) => g.accounts), [groups]);
  const [active, setActive] = useState(0);

  useEffect(() => setActive(0), [options]);
  useEffect(() => {
    if (!open) setText('');
  }, [open]);

  const choose = (entry: AccountOption) => {
    setOpen(false);
    if (entry.accountId === current.accountId) return;
    // Another account's screen would drop unsaved edits (Account Information): ask first.
    whenNoUnsavedChanges(() => {
      current.selectAccount(entry.accountId, entry);
      // An invoice belongs to one account: after switching, its detail page would show the wrong account's data.
      if (matchPath(paths.invoice, location.pathname)) void navigate(paths.invoices);
    });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (!flat.length) return;
    const moves: Record<string, () => number> = {
      ArrowDown: () => (active + 1) % flat.length,
      ArrowUp: () => (active - 1 + flat.length) % flat.length,
      PageDown: () => Math.min(active + 10, flat.length - 1),
      PageUp: () => Math.max(active - 10, 0),
    };
    const move = moves[event.key];
    // Home/End keep moving the caret in the text box, as the ARIA combobox pattern advises.
    if (move) {
      event.preventDefault();
      setActive(move());
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const entry = flat[active];
      if (entry) choose(entry);
    }
  };

  useEffect(() => {
    if (open) document.getElementById(`${id}-opt-${active}`)?.scrollIntoView({ block: 'nearest' });
  }, [active, id, open]);

  if (!current.showSelector) return null;

  const waiting = current.searchesServer && (search.isFetching || text !== debounced);
  const label = current.accountName ?? (current.accountId !== null ? String(current.accountId) : t('accountSelector.none'));
  let index = -1;

  return (
    <Popover
      open={open}
      onOpenChange={setOpen}
      label={t('accountSelector.search')}
      initialFocus={inputRef}
      // Compact, the list is placed against the (sticky, positioned) header rather than the narrow button.
      className={cn(className, compact && 'max-lg:static')}
      panelClassName={cn('flex w-[min(24rem,calc(100vw-1.5rem))] flex-col overflow-hidden', compact && 'max-lg:left-3')}
      triggerClassName={cn(
        'inline-flex min-h-11 w-full max-w-full items-center gap-2 rounded-lg border border-border bg-surface text-left text-sm shadow-sm hover:bg-surface-2 sm:min-h-10',
        compact ? 'px-2' : 'px-3',
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus',
      )}
      trigger={
        <>
          <Building2 className={cn('size-4 shrink-0 text-fg-muted', compact && 'max-sm:hidden')} aria-hidden="true" />
          <span className="flex min-w-0 flex-col leading-tight">
            <span className="text-xs text-fg-muted">{t('accountSelector.label')}</span>
            <span className="truncate font-medium">{current.isLoading ? t('accountSelector.searching') : label}</span>
          </span>
          <ChevronsUpDown className="ml-auto size-4 shrink-0 text-fg-muted" aria-hidden="true" />
        </>
      }
    >
      <div className="border-b border-border p-2">
        <label htmlFor={`${id}-input`} className="sr-only">
          {t('accountSelector.search')}
        </label>
        <div className="relative">
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-fg-muted"
            aria-hidden="true"
          />
          <input
            ref={inputRef}
            id={`${id}-input`}
            role="combobox"
            aria-expanded="true"
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={flat.length ? `${id}-opt-${active}` : undefined}
            aria-describedby={`${id}-hint ${id}-status`}
            autoComplete="off"
            spellCheck={false}
            value={text}
            onChange={(event) => setText(event.target.value)}
            onKeyDown={onKeyDown}
            className="block min-h-11 w-full rounded-lg border border-border-strong bg-surface py-2 pr-3 pl-9 text-base text-fg focus-visible:outline-2 focus-visible:outline-focus sm:min-h-10 sm:text-sm"
          />
        </div>
        {/* Under the field rather than as its placeholder, which the field's width cut short and typing hid. */}
        <p id={`${id}-hint`} className="mt-1.5 px-1 text-xs text-fg-muted">
          {t(current.searchesServer ? 'accountSelector.staffSearchHint' : 'accountSelector.searchHint')}
        </p>
      </div>
      <div id={listId} role="listbox" aria-label={t('accountSelector.accounts')} className="max-h-80 overflow-y-auto p-1.5">
        {groups.map((group) => {
          const groupLabel =
            group.parentName === null
              ? t('accountSelector.accounts')
              : t('accountSelector.subAccounts', { parent: groupParentName(group.parentName) });
          const groupId = `${id}-group-${group.parentId ?? 'top'}`;
          return (
            <div key={groupId} role="group" aria-labelledby={groupId} className="py-1">
              <div id={groupId} role="presentation" className="px-3 py-1.5 text-xs font-semibold text-fg-muted">
                {groupLabel}
              </div>
              {group.accounts.map((entry) => {
                index += 1;
                const optionIndex = index;
                const selected = entry.accountId === current.accountId;
                return (
                  <div
                    key={String(entry.accountId)}
                    id={`${id}-opt-${optionIndex}`}
                    role="option"
                    aria-selected={selected}
                    onMouseDown={(event) => event.preventDefault()}
                    onClick={() => choose(entry)}
                    onMouseMove={() => setActive(optionIndex)}
                    className={cn(
                      'flex min-h-11 cursor-pointer items-center gap-2 rounded-lg px-3 text-sm sm:min-h-9',
                      group.parentName !== null && 'pl-6',
                      optionIndex === active && 'bg-surface-2 ring-1 ring-border-strong/40',
                    )}
                  >
                    <span className="flex min-w-0 flex-1 flex-col py-1 leading-tight">
                      <span className="truncate">{entry.listName}</span>
                      {entry.matched && (
                        <span className="truncate text-xs text-fg-muted">
                          {t(`accountSelector.matched.${entry.matched.field}`, {
                            value: entry.matched.field === 'contactPhone' ? displayPhone(entry.matched.value, null) : entry.matched.value,
                          })}
                        </span>
                      )}
                    </span>
                    <Check className={cn('size-4 shrink-0 text-brand-text', !selected && 'invisible')} aria-hidden="true" />
                  </div>
                );
              })}
            </div>
          );
        })}
      </div>
      <div
        id={`${id}-status`}
        role="status"
        className="flex min-h-9 items-center gap-2 border-t border-border px-3 py-2 text-xs text-fg-muted"
      >
        {waiting ? (
          <>
            <Spinner size="sm" label={null} />
            {t('accountSelector.searching')}
          </>
        ) : search.isError && current.searchesServer ? (
          t('accountSelector.loadError')
        ) : flat.length === 0 ? (
          t('accountSelector.noResults')
        ) : current.searchesServer && flat.length >= STAFF_SEARCH_TAKE ? (
          t('accountSelector.moreResults', { count: STAFF_SEARCH_TAKE })
        ) : (
          t('accountSelector.results', { count: flat.length })
        )}
      </div>
    </Popover>
  );
}
