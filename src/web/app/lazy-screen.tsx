/**
 * A screen in its own chunk, like React.lazy, that can also be loaded before
 * React first renders. main.tsx loads the first screen's chunk (which the
 * server's HTML already preloads) before the first render, so the first paint
 * is the whole screen instead of an empty frame that the screen later pushes
 * about (layout shift) and re-renders (blocking time).
 */
import { type ComponentType, type LazyExoticComponent, lazy, type ReactElement, useState } from 'react';

interface Chunk {
  /** The screen, once its chunk has loaded. */
  loaded: ComponentType | undefined;
  /** React.lazy over the same load, for a screen rendered before its chunk is here. */
  Lazy: LazyExoticComponent<ComponentType>;
}

function ChunkScreen({ chunk }: { chunk: Chunk }) {
  // Chosen once per mount: switching from Lazy to the loaded component would remount the screen.
  const [Ready] = useState(() => chunk.loaded);
  return Ready ? <Ready /> : <chunk.Lazy />;
}

/** A screen component with `preload()`: loads the chunk, resolving once it renders without suspending. */
export type LazyScreen = (() => ReactElement) & { preload(): Promise<unknown> };

export function lazyScreen(load: () => Promise<ComponentType>): LazyScreen {
  let loading: Promise<ComponentType> | undefined;
  const preload = () => {
    loading ??= load().then((component) => {
      chunk.loaded = component;
      return component;
    });
    return loading;
  };
  const chunk: Chunk = { loaded: undefined, Lazy: lazy(async () => ({ default: await preload() })) };
  return Object.assign(() => <ChunkScreen chunk={chunk} />, { preload });
}
