import { type FormEvent, useState } from 'react';
import { useNavigate } from '../lib/router/index.ts';
import { local, STORAGE_KEYS } from '../lib/storage.ts';
import { SearchIcon } from './icons.tsx';

interface SearchFormProps {
  id: string;
  className?: string;
  placeholder: string;
  text: string;
  onText: (text: string) => void;
  onSubmit: (event: FormEvent) => void;
}

/**
 * The one search form: a plain GET to /explore?q=… when JavaScript has not run
 * (the server renders the results), `onSubmit` when it has.
 */
export function SearchForm({ id, className = '', placeholder, text, onText, onSubmit }: SearchFormProps) {
  return (
    <search className={`search-box ${className}`}>
      <form action="/explore" method="get" onSubmit={onSubmit}>
        <label htmlFor={id} className="visually-hidden">
          Search watches
        </label>
        <input
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
  const submit = (event: FormEvent) => {
    event.preventDefault();
    local.set(STORAGE_KEYS.search, text.trim());
    window.dispatchEvent(new Event('search-stored'));
    navigate('/explore');
  };
  return (
    <SearchForm
      id={id}
      className={className}
      placeholder="Search watches, brands…"
      text={text}
      onText={setText}
      onSubmit={submit}
    />
  );
}
