// The question sets' requests, one line on the wire at a time: a job is lines sent in order, each
// waiting for its reply (a save is `/sets new`, `/sets add` ... `/sets save`: the server reads them
// as one file, and the rate limit is never met by a burst). `rate_limited` sends the same line
// again after `retry_ms`; a connection lost takes the server's draft with it, so the job starts
// over on the next one. Its replies are taken here, before the page's dispatch: `/set chat=`
// answers with the same `cmd`.
export function setQueue(send) {
  const jobs = [];     // {lines, at, waiting, held, done(msg), failed(msg), step(at)}
  let timer = null;

  function pump() {
    const job = jobs[0];
    if (!job || job.waiting || job.held) return;
    if (send(job.lines[job.at])) job.waiting = true;
  }

  // true when `msg` answered the line the queue sent.
  function reply(msg) {
    const job = jobs[0];
    if (!job || !(job.waiting || job.held)) return false;
    if (msg.type === 'error' && msg.cmd === '' && msg.code === 'rate_limited' && job.waiting) {
      Object.assign(job, { waiting: false, held: true });
      timer = setTimeout(() => { job.held = false; pump(); }, msg.retry_ms || 1000);
      return true;
    }
    if (msg.cmd !== job.lines[job.at].slice(1).split(' ')[0]) return false;
    // The line was taken after all (the rate_limited was another line's): no second send.
    clearTimeout(timer);
    Object.assign(job, { waiting: false, held: false });
    if (msg.type === 'ok' && job.at + 1 < job.lines.length) {
      job.at += 1;
      if (job.step) job.step(job.at);
    } else {
      jobs.shift();
      (msg.type === 'ok' ? job.done : job.failed)(msg);
    }
    pump();
    return true;
  }

  return {
    reply,
    busy: () => jobs.length > 0,
    run(lines, done, failed = done, step = null) { jobs.push({ lines, at: 0, waiting: false, held: false, done, failed, step }); pump(); },
    // A new connection: what the old one was waiting for will not come.
    restart() {
      clearTimeout(timer);
      if (jobs[0]) Object.assign(jobs[0], { at: 0, waiting: false, held: false });
      pump();
    },
  };
}
