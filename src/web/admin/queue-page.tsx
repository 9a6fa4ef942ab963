/**
 * The frame of the owner's queues (COMPLAINTS, AFTER-SALES, REVIEWS): a heading with its summary,
 * view tabs that go back to page 1, the last action's message, the load error with Retry, the
 * loader, the empty text, the list and the pager. Each page keeps only what its cards say and do.
 */
import { type ReactNode, useState } from 'react';
import { LoadError } from '../components/load-error.tsx';
import { LoaderOverlay } from '../components/loader.tsx';
import { Message } from '../components/message.tsx';
import { invalidate, useResource } from '../lib/use-resource.ts';
import { Pager } from './pager.tsx';

interface QueueOptions<V extends string, P> {
  /** The resource key's start (`admin:complaints`): the view and page follow it. */
  key: string;
  firstView: V;
  load: (view: V, page: number, signal: AbortSignal) => Promise<P>;
  /** Other resources an action changes (the menu's counts, the storefront's stars). */
  alsoChanged?: readonly string[];
}

/** The queue's view, page and list; `changed(text)` shows the action's message and reloads. */
export function useQueue<V extends string, P>({ key, firstView, load, alsoChanged = [] }: QueueOptions<V, P>) {
  const [view, setView] = useState<V>(firstView);
  const [page, setPage] = useState(1);
  const [done, setDone] = useState<string | null>(null);
  const resource = useResource<P>(`${key}:${view}:${page}`, (signal) => load(view, page, signal));
  const changed = (text: string) => {
    setDone(text);
    invalidate(`${key}:`);
    invalidate('admin:stats');
    for (const other of alsoChanged) invalidate(other);
    resource.reload();
  };
  const showView = (v: V) => {
    setView(v);
    setPage(1);
  };
  return { view, showView, page, setPage, done, setDone, changed, ...resource };
}

type Queue<V extends string, P> = ReturnType<typeof useQueue<V, P>>;

export function QueuePage<V extends string, P, I>({
  queue,
  id,
  title,
  summary,
  views,
  items,
  pageCount,
  empty,
  listClass,
  pagerLabel,
  children,
}: {
  queue: Queue<V, P>;
  /** The heading's id (the section is labelled by it). */
  id: string;
  title: string;
  summary?: ReactNode;
  views: ReadonlyArray<readonly [V, string]>;
  items: (data: P) => readonly I[];
  pageCount: (data: P) => number;
  /** What an empty list says in this view. */
  empty: (view: V) => string;
  listClass: string;
  pagerLabel: string;
  /** One card of the list. */
  children: (item: I) => ReactNode;
}) {
  const { data, error, loading, reload, view, showView, page, setPage, done, setDone } = queue;
  const list = data ? items(data) : null;
  return (
    <section aria-labelledby={id}>
      <div className="adm-heading">
        <h1 id={id}>{title}</h1>
        {summary}
      </div>
      <div className="adm-tabs">
        {views.map(([v, label]) => (
          <button key={v} type="button" className="chip" aria-pressed={view === v} onClick={() => showView(v)}>
            {label}
          </button>
        ))}
      </div>
      <Message text={done} tone="success" onClose={() => setDone(null)} />
      <LoadError message={error} onRetry={reload} />
      <LoaderOverlay active={loading && !data} />
      {list && list.length === 0 && <p className="adm-empty">{empty(view)}</p>}
      {list && list.length > 0 && <ul className={listClass}>{list.map((item) => children(item))}</ul>}
      {data && <Pager page={page} pageCount={pageCount(data)} label={pagerLabel} onPage={setPage} />}
    </section>
  );
}
