/**
 * A screen whose code is fetched the first time it is shown (React.lazy over one named
 * export). The Suspense boundary around it decides what shows meanwhile.
 */
import { lazy, type ComponentType } from 'react';

export function lazyScreen<Module, Name extends keyof Module>(load: () => Promise<Module>, name: Name) {
  return lazy(async () => ({ default: (await load())[name] as ComponentType<ScreenProps<Module[Name]>> }));
}

type ScreenProps<C> = C extends ComponentType<infer P> ? P : never;
