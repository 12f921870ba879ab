import { getPriority } from 'node:os';
import { describe, expect, it } from 'vitest';
import { waitUntil } from '../test/mail-test-kit';
import { JOB_THREAD_HEAP, startJobThread } from './job-thread';
import { createLogger } from './logger';

const FIXTURE = new URL('../test/job-thread-fixture.ts', import.meta.url);

function capturingLog() {
  const lines: { msg: string; label?: string; niceness?: number; heap?: Record<string, number> }[] = [];
  const log = createLogger('info', { destination: { write: (line: string) => lines.push(JSON.parse(line)) } });
  return { log, lines, said: (msg: string) => lines.filter((l) => l.msg === msg) };
}

describe('a worker thread', () => {
  it('is ready once its work is set up, logs through the shop, and stops when asked', async () => {
    const { log, said } = capturingLog();
    const thread = await startJobThread(FIXTURE, { label: 'first' }, log);
    await waitUntil(() => said('thread started').length === 1, 'the start line');
    expect(said('thread started')[0]?.label).toBe('first');

    await thread.stop(5000);
    expect(said('thread stopped')).toHaveLength(1);
  });

  it.runIf(process.platform === 'linux')("runs behind the shop's own thread, which keeps its priority", async () => {
    const { log, said } = capturingLog();
    const shop = getPriority();
    const thread = await startJobThread(FIXTURE, { label: 'background' }, log);
    await waitUntil(() => said('thread started').length === 1, 'the start line');
    expect(said('thread started')[0]?.niceness).toBe(Math.min(19, shop + 10));
    expect(getPriority()).toBe(shop);
    await thread.stop(5000);
  });

  it("keeps a heap of its own within the job thread's limits", async () => {
    const { log, said } = capturingLog();
    const thread = await startJobThread(FIXTURE, { label: 'bounded' }, log);
    await waitUntil(() => said('thread started').length === 1, 'the start line');
    expect(said('thread started')[0]?.heap).toMatchObject(JOB_THREAD_HEAP);
    await thread.stop(5000);
  });

  it('that dies is started again', async () => {
    const { log, said } = capturingLog();
    const thread = await startJobThread(FIXTURE, { label: 'crashing', exitAfterMs: 200 }, log);
    await waitUntil(() => said('thread started').length >= 2, 'a second start');
    expect(said('a worker thread exited; starting it again').length).toBeGreaterThanOrEqual(1);
    await thread.stop(5000);
  });

  it('stops at once when asked while it waits to be started again', async () => {
    const { log, said } = capturingLog();
    const thread = await startJobThread(FIXTURE, { label: 'between', exitAfterMs: 50 }, log);
    await waitUntil(() => said('a worker thread exited; starting it again').length === 1, 'the thread to die');
    await thread.stop(5000);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(said('thread started')).toHaveLength(1);
  });
});
