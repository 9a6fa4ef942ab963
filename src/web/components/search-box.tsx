import { type FormEvent, useEffect, useRef, useState } from 'react';
import { PAGE } from '../../common/page-paths.ts';
import { useNavigate } from '../lib/router/index.ts';
import { local, STORAGE_KEYS } from '../lib/storage.ts';
import { SearchIcon } from './icons.tsx';

interface SearchFormProps {
  id: string;
  className?: string;
  placeholder: string;
  text: string;
  onText: (text: string) => void;
  /** The term as it is in the box (trimmed) when the shopper sends it. */
  onSearch: (term: string) => void;
}

/**
 * The one search form: a plain GET to /explore?q=… when JavaScript has not run
 * (the server renders the results), `onSearch` when it has.
 *
 * The term is read from the box, not from `text`: what was typed before the script ran is
 * in the page, and React keeps it there when it hydrates, but `text` starts empty, so a
 * search sent just after hydration would otherwise be for nothing.
 */
export function SearchForm({ id, className = '', placeholder, text, onText, onSearch }: SearchFormProps) {
  // What was typed before the script ran stays in the box through hydration, but the next render
  // would put `text` back into it (Preact sets a controlled box's value when it differs): the state
  // takes the box's text once, as the app takes the page over.
  const box = useRef<HTMLInputElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the form mounts.
  useEffect(() => {
    const el = box.current;
    // Only text the shopper typed: the server's value (defaultValue) is the app's own to set.
    if (el && el.value !== el.defaultValue && el.value !== text) onText(el.value);
  }, []);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const box = event.currentTarget.elements.namedItem('q');
    const typed = box instanceof HTMLInputElement ? box.value : text;
    if (typed !== text) onText(typed);
    onSearch(typed.trim());
  };
  return (
    <search className={`search-box ${className}`}>
      <form action={PAGE.explore} method="get" onSubmit={submit}>
        <label htmlFor={id} className="visually-hidden">
          Search watches
        </label>
        <input
          ref={box}
          id={id}
          name="q"
          type="search"
          placeholder={placeholder}
          value={text}
          onChange={(e) => onText(e.target.value)}
          enterKeyHint="search"
          maxLength={100}
        />
        <button type="submit" aria-label="Search">
          <SearchIcon />
        </button>
      </form>
    </search>
  );
}

/**
 * Saves the text under the search key and goes to /explore on Enter or the icon
 * (docs/product.md#search); /explore applies the stored term.
 */
export function SearchBox({ id, className = '' }: { id: string; className?: string }) {
  const [text, setText] = useState('');
  const navigate = useNavigate();
  const search = (term: string) => {
    local.set(STORAGE_KEYS.search, term);
    window.dispatchEvent(new Event('search-stored'));
    navigate(PAGE.explore);
  };
  return (
    <SearchForm
      id={id}
      className={className}
      placeholder="Search watches, brands…"
      text={text}
      onText={setText}
      onSearch={search}
    />
  );
}
