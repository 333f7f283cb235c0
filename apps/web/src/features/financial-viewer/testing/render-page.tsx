import type { ReactElement } from 'react';
import { stubFetch, type StubbedCall, type StubReply } from '../../../test/fetch-stub';
import { buildUser } from '../../../test/fixtures';
import { renderRoute } from '../../../test/render';
import { signIn } from './viewer-fixtures';

/** Tests only. The server's answers by "METHOD /path". */
export type Routes = Record<string, StubReply | ((call: StubbedCall) => StubReply)>;

/** Signs in and renders `element` at `path`, the server answering the user and `routes`. */
export function renderViewerPage(options: { path: string; element: ReactElement; routes: Routes }) {
  signIn();
  const spy = stubFetch({ 'GET /api/user': { body: buildUser() }, ...options.routes });
  return { spy, ...renderRoute({ path: options.path, element: options.element }) };
}

/** An element's text with any white space (the amounts' non-breaking ones) as a plain space. */
export function text(element: Element | null): string {
  return (element?.textContent ?? '').replace(/\s/g, ' ');
}
