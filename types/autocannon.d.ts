/** The parts of autocannon's programmatic API the load test and the benchmarks use (it ships no types). */
declare module 'autocannon' {
  export interface Histogram {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    total: number;
    p50: number;
    p90: number;
    p97_5: number;
    p99: number;
    sent?: number;
  }
  export interface Request {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
    setupRequest?: (request: Request, context: Record<string, any>) => Request | null | undefined;
    onResponse?: (status: number, body: string, context: Record<string, any>, headers: Record<string, string>) => void;
  }
  export interface Options {
    url: string;
    connections?: number;
    duration?: number;
    timeout?: number;
    headers?: Record<string, string>;
    /** One kind of request for every connection (instead of `requests`). */
    method?: string;
    body?: string | Buffer;
    /** Stop after this many requests instead of after `duration`. */
    amount?: number;
    requests?: Request[];
    initialContext?: Record<string, any>;
  }
  export interface Result {
    duration: number;
    errors: number;
    timeouts: number;
    mismatches: number;
    non2xx: number;
    resets: number;
    '2xx': number;
    '4xx': number;
    '5xx': number;
    statusCodeStats: Record<string, { count: number }>;
    latency: Histogram;
    requests: Histogram;
    throughput: Histogram;
  }
  export interface Instance extends PromiseLike<Result> {
    stop(): void;
    on(event: 'reqError', listener: (err: Error) => void): this;
    /** Every answer, with the connection it came on (its request index tells the kind). */
    on(
      event: 'response',
      listener: (
        client: { requestIterator: { currentRequestIndex: number } },
        status: number,
        bytes: number,
        ms: number,
      ) => void,
    ): this;
  }
  function autocannon(options: Options): Instance;
  export default autocannon;
}
