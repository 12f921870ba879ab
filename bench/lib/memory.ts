import fs from 'node:fs';

/** How often the shop's resident memory is read while a workload runs. */
const SAMPLE_EVERY_MS = 100;

/** A field of /proc/<pid>/status in kB (VmRSS, VmHWM), or undefined when it is not there. */
export function statusKb(status: string, field: string): number | undefined {
  const found = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1];
  return found === undefined ? undefined : Number(found);
}

/**
 * The peak of one workload in MB: Linux's own peak (VmHWM) when it could be reset at the start, as it
 * sees every page the process touched; otherwise the highest of the regular samples.
 */
export function peakMb(samplesKb: readonly number[], highWaterKb: number | undefined): number | null {
  const sampled = samplesKb.length > 0 ? Math.max(...samplesKb) : undefined;
  const peak = highWaterKb === undefined ? sampled : Math.max(highWaterKb, sampled ?? 0);
  return peak === undefined ? null : Math.round((peak / 1024) * 10) / 10;
}

export interface MemoryWatch {
  /** Stops watching; the workload's peak resident memory in MB (null when the process could not be read). */
  stop(): number | null;
}

function readStatus(pid: number): string | undefined {
  try {
    return fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  } catch {
    return undefined;
  }
}

/**
 * Watches a process's resident memory (RSS) from now until `stop`: its peak is reset first (Linux's
 * clear_refs), so the figure is this workload's, not the highest since the process started.
 */
export function watchMemory(pid: number): MemoryWatch {
  let reset = false;
  try {
    fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
    reset = true;
  } catch {
    // Not Linux, or not allowed: the samples alone give the peak.
  }
  const samples: number[] = [];
  const sample = () => {
    const rss = statusKb(readStatus(pid) ?? '', 'VmRSS');
    if (rss !== undefined) samples.push(rss);
  };
  sample();
  const timer = setInterval(sample, SAMPLE_EVERY_MS);
  return {
    stop() {
      clearInterval(timer);
      sample();
      const highWater = reset ? statusKb(readStatus(pid) ?? '', 'VmHWM') : undefined;
      return peakMb(samples, highWater);
    },
  };
}

/** Runs `work` while watching `pid`'s memory, and adds the peak to what it measured. */
export async function withPeakMemory<T extends object>(
  pid: number | undefined,
  work: () => Promise<T>,
): Promise<T & { peak_rss_mb?: number }> {
  if (pid === undefined) return work();
  const watch = watchMemory(pid);
  let result: T;
  try {
    result = await work();
  } catch (err) {
    watch.stop();
    throw err;
  }
  const peak = watch.stop();
  return peak === null ? result : { ...result, peak_rss_mb: peak };
}
