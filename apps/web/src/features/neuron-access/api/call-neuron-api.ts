import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callLogKeys } from '../../../components/call-log/get-call-logs';
import { getLanguage } from '../../../lib/i18n';
import { neuronAccessKeys } from './query-keys';

export type NeuronCall = {
  method: string;
  url: string;
  /** A JSON or text body with its content type, or a multipart form. */
  body?: { contentType: string; text: string } | { form: FormData };
};

export type NeuronAnswer = {
  status: number;
  statusText: string;
  durationMs: number;
  contentType: string;
  body: string;
};

/** The call got no answer at all (offline, blocked by the browser): there is no status. */
export class NeuronCallFailed extends Error {
  readonly durationMs: number;
  constructor(message: string, durationMs: number) {
    super(message);
    this.name = 'NeuronCallFailed';
    this.durationMs = durationMs;
  }
}

/**
 * One call of a neuron's API, as a customer's program would make it: with `fetch` to the API's
 * address and the token in the parameters. Not through `apiClient`: the session's token must
 * not travel with it, and its 401 (a wrong access token) must not sign the user out. Every
 * answer, errors included, is returned for the page to show.
 */
export async function callNeuronApi(call: NeuronCall): Promise<NeuronAnswer> {
  const headers = new Headers({
    Accept: 'application/json, text/plain, */*',
    'Accept-Language': getLanguage(),
  });
  let body: BodyInit | undefined;
  if (call.body && 'form' in call.body) body = call.body.form;
  else if (call.body) {
    headers.set('Content-Type', call.body.contentType);
    body = call.body.text;
  }
  const started = performance.now();
  let response: Response;
  try {
    response = await fetch(call.url, {
      method: call.method,
      headers,
      credentials: 'omit',
      ...(body === undefined ? {} : { body }),
    });
  } catch (error) {
    throw new NeuronCallFailed(
      error instanceof Error ? error.message : String(error),
      Math.round(performance.now() - started),
    );
  }
  const text = await response.text();
  return {
    status: response.status,
    statusText: response.statusText,
    durationMs: Math.round(performance.now() - started),
    contentType: response.headers.get('content-type') ?? '',
    body: text,
  };
}

/**
 * A call counts in the neuron's usage, performance and call log, answered or refused: those
 * pages read them again rather than show the figures cached before it.
 */
export function useCallNeuronApi(neuron: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: callNeuronApi,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: neuronAccessKeys.neuronStatistics(neuron) }),
        queryClient.invalidateQueries({ queryKey: callLogKeys.neuron(neuron) }),
      ]),
  });
}
