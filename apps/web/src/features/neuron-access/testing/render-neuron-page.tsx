import type { ReactElement } from 'react';
import { stubFetch, type StubbedCall, type StubReply } from '../../../test/fetch-stub';
import { renderRoute } from '../../../test/render';
import { signIn } from './fixtures';

/** Tests only. The server's answers by "METHOD /path". */
export type Routes = Record<string, StubReply | ((call: StubbedCall) => StubReply)>;

/** Signs in (as `roles`) and renders a neuron page at /neurons/:neuron/<page>. */
export function renderNeuronPage(options: {
  neuron: string;
  page: string;
  element: ReactElement;
  routes: Routes;
  roles?: number[];
}) {
  signIn(options.roles ? { roles: options.roles } : {});
  const spy = stubFetch(options.routes);
  return {
    spy,
    ...renderRoute({
      path: `/neurons/:neuron/${options.page}`,
      element: options.element,
      initialEntry: `/neurons/${options.neuron}/${options.page}`,
    }),
  };
}
