const fresh = async () => {
  vi.resetModules();
  return (await import('./intl-warm-up')).warmUpFormatters;
};

describe('warmUpFormatters', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('starts the warm-up worker once per page and sends it the language', async () => {
    const started: { url: string; options: WorkerOptions | undefined; sent: unknown[] }[] = [];
    vi.stubGlobal(
      'Worker',
      class {
        private readonly sent: unknown[] = [];
        constructor(url: URL, options?: WorkerOptions) {
          started.push({ url: url.href, options, sent: this.sent });
        }
        postMessage(message: unknown) {
          this.sent.push(message);
        }
      },
    );
    const warmUpFormatters = await fresh();
    warmUpFormatters('fr');
    warmUpFormatters('en');
    expect(started).toHaveLength(1);
    expect(started[0]!.url).toMatch(/\/lib\/intl-warm-up\.worker\.ts\b/);
    expect(started[0]!.options).toEqual({ type: 'module', name: 'intl-warm-up' });
    expect(started[0]!.sent).toEqual(['fr']);
  });

  it('does nothing where there are no workers', async () => {
    vi.stubGlobal('Worker', undefined);
    const warmUpFormatters = await fresh();
    expect(() => warmUpFormatters('en')).not.toThrow();
  });
});
