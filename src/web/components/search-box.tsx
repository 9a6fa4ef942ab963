import { type FormEvent, useState } from 'react';
import { useNavigate } from '../lib/router/index.ts';
import { local, STORAGE_KEYS } from '../lib/storage.ts';
import { SearchIcon } from './icons.tsx';

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
    <search className={`search-box ${className}`}>
      <form onSubmit={submit}>
        <label htmlFor={id} className="visually-hidden">
          Search watches
        </label>
        <input
          id={id}
          type="search"
          placeholder="Search watches, brands…"
          value={text}
          onChange={(e) => setText(e.target.value)}
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
