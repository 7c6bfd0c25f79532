import type { MessageKey } from '@exchange-web/react/i18n/messages';
import type { Translate } from '@exchange-web/react/i18n/translator';
import { useShell } from '@exchange-web/react/shell/ShellProvider';
import { useTracking } from '@exchange-web/react/tracking/TrackingProvider';
import { TrackingId } from '@exchange-web/protocol/registry';
import type { InscriptionSearchReply } from '@exchange-web/protocol/inscription';
import { Endpoints } from '@exchange-web/protocol/endpoints';
import { useRouter } from 'next/router';
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { trendOf, type Fiat, type InscriptionFormats } from './formats';
import { failureKeyOf, inscriptionCall } from './inscription-client';
import { LIST_QUERY, LIST_ROOT_PATH, tokenPath } from './list-links';
import styles from './inscription.module.css';

type Suggestion = InscriptionSearchReply['items'][number];

/** How long typing pauses before the suggestions are asked for. */
const DEBOUNCE_MS = 250;

type SearchState =
  | { status: 'idle' }
  | { status: 'loading'; keyword: string }
  | { status: 'done'; keyword: string; items: Suggestion[] }
  | { status: 'failed'; keyword: string; message: MessageKey };

export interface SearchBoxProps {
  t: Translate;
  formats: InscriptionFormats;
  fiat: Fiat;
  keywordMax: number;
  suggestionLimit: number;
  /** The keyword the page was searched with (the form's no-script search). */
  initialKeyword?: string | undefined;
}

/**
 * The token search: a combobox (WAI-ARIA 1.2, list autocomplete) whose suggestions come as the
 * visitor types, through the page's request client. Arrow keys move through them, Enter opens
 * the chosen token's page, Escape closes the list (then clears the box). Without script the form
 * sends the keyword to the list page, which opens the token or lists the matches.
 */
export function SearchBox({
  t,
  formats,
  fiat,
  keywordMax,
  suggestionLimit,
  initialKeyword = '',
}: SearchBoxProps) {
  const { api, buildPath } = useShell();
  const { track } = useTracking();
  const router = useRouter();
  const id = useId();
  const inputId = `${id}-input`;
  const listId = `${id}-list`;
  const [keyword, setKeyword] = useState(initialKeyword);
  const [state, setState] = useState<SearchState>({ status: 'idle' });
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const latest = useRef(0);

  const query = keyword.trim();
  useEffect(() => {
    const call = (latest.current += 1);
    if (query === '') {
      setState({ status: 'idle' });
      return undefined;
    }
    const timer = setTimeout(() => {
      setState({ status: 'loading', keyword: query });
      inscriptionCall(api, Endpoints.inscriptionSearch, {
        keyword: query,
        limit: suggestionLimit,
      }).then(
        (reply) => {
          if (call !== latest.current) return;
          setState({ status: 'done', keyword: query, items: reply.items });
          setActive(-1);
        },
        async (failure: unknown) => {
          const message = await failureKeyOf(failure);
          if (call === latest.current) setState({ status: 'failed', keyword: query, message });
        },
      );
    }, DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [query, api, suggestionLimit]);

  const items = state.status === 'done' ? state.items : [];
  const expanded = open && query !== '' && items.length > 0;
  const showMessage = open && query !== '' && !expanded && state.status !== 'idle';

  const searched = (ext: { keyword: string; ticker?: string }) =>
    track({ type: 'click', eventTrackingId: TrackingId.brc20Search, ext });

  const choose = (item: Suggestion) => {
    searched({ keyword: query, ticker: item.ticker });
    setOpen(false);
    setActive(-1);
    void router.push(tokenPath(item.ticker));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      if (items.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) =>
        current < 0 && step < 0 ? items.length - 1 : (current + step + items.length) % items.length,
      );
    } else if (event.key === 'Enter') {
      const item = expanded ? items[active] : undefined;
      if (item) {
        event.preventDefault();
        choose(item);
      }
    } else if (event.key === 'Escape') {
      if (expanded || showMessage) {
        event.preventDefault();
        setOpen(false);
        setActive(-1);
      } else if (keyword !== '') {
        event.preventDefault();
        setKeyword('');
      }
    }
  };

  // Enter with no suggestion chosen, or the button: the token named exactly, else the matches.
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (query === '') return;
    const exact = items.find((item) => item.ticker.toLowerCase() === query.toLowerCase());
    if (exact) {
      choose(exact);
      return;
    }
    searched({ keyword: query });
    void router.push({ pathname: LIST_ROOT_PATH, query: { [LIST_QUERY.keyword]: query } });
  };

  const statusText =
    state.status === 'loading'
      ? t('inscription.search.searching')
      : state.status === 'failed'
        ? t(state.message)
        : state.status === 'done'
          ? state.items.length > 0
            ? t('inscription.search.count', { value: formats.count(state.items.length) })
            : t('inscription.search.noMatch', { keyword: state.keyword })
          : '';

  return (
    <form
      role="search"
      className={styles.search}
      action={buildPath(LIST_ROOT_PATH)}
      method="get"
      onSubmit={onSubmit}
      data-testid="inscription-search"
    >
      <label htmlFor={inputId}>{t('inscription.search.label')}</label>
      <div className={styles.combo}>
        <input
          id={inputId}
          type="search"
          name={LIST_QUERY.keyword}
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
          autoComplete="off"
          spellCheck={false}
          maxLength={keywordMax}
          placeholder={t('inscription.search.placeholder')}
          value={keyword}
          onChange={(event) => {
            setKeyword(event.target.value);
            setOpen(true);
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => setOpen(false)}
          onKeyDown={onKeyDown}
        />
        <ul
          id={listId}
          role="listbox"
          aria-label={t('inscription.search.suggestions')}
          className={styles.popup}
          hidden={!expanded}
        >
          {items.map((item, index) => {
            const trend = trendOf(item.change24h);
            return (
              <li
                key={item.ticker}
                id={`${listId}-${index}`}
                role="option"
                aria-selected={index === active}
                className={styles.option}
                data-ticker={item.ticker}
                // Keeps the focus in the box, so choosing does not close the list first.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => choose(item)}
              >
                <span className={styles.optionTicker}>{item.ticker}</span>{' '}
                <span>{formats.price(item.priceUsdt, fiat)}</span>{' '}
                <span className={trend === 'flat' ? undefined : styles[trend]}>
                  {formats.change(item.change24h)}
                </span>
              </li>
            );
          })}
        </ul>
        {showMessage ? (
          <p className={`${styles.popup} ${styles.popupMessage}`} aria-hidden="true">
            {statusText}
          </p>
        ) : null}
      </div>
      <button type="submit" className={styles.searchButton}>
        {t('inscription.search.submit')}
      </button>
      <p role="status" className="visually-hidden" data-testid="inscription-search-status">
        {open ? statusText : ''}
      </p>
    </form>
  );
}
