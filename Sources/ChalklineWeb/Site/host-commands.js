// Every line the teacher's page sends (protocol.md, Commands), a method a command; false when
// the connection is not open.
const password = (p) => (p ? ' password=' + p.replace(/\s+/g, '') : '');

export function hostCommands(send) {
  return {
    catalog: () => send('/catalog'),
    // The desk's secret (sessionStorage), then the classes for the create form's choice.
    teacher: (secret) => send('/teacher ' + secret),
    classes: () => send('/class list'),
    name: (name) => send('/name ' + name),
    create: (kind, options, pass) => send('/create ' + kind + options.map(([name, value]) => ' ' + name + '=' + value).join('') + password(pass)),
    claim: (room, hostKey) => send('/claim ' + room + ' ' + hostKey),
    watch: (room) => send('/watch ' + room),
    leave: () => send('/leave'),
    start: () => send('/start'),
    skip: () => send('/skip'),
    stop: () => send('/stop'),
    lock: (locked) => send(locked ? '/lock' : '/unlock'),
    chat: (on) => send('/set chat=' + (on ? 'on' : 'off')),
    report: () => send('/report'),
    teams: () => send('/teams'),
    balanceTeams: () => send('/teams balance'),
    kick: (name) => send('/kick ' + name),
    ban: (name) => send('/ban ' + name),
    letIn: (name, number, allowed) => send('/letin ' + name + ' ' + number + (allowed ? '' : ' no')),
    say: (text) => send('/say ' + text),
  };
}

// The question sets' lines (protocol.md, Question sets): host-sets.js sends them one at a time,
// each waiting for its reply, so it builds them rather than sending.
export const setLines = {
  list: () => '/sets',
  show: (name, pass) => '/sets show ' + name + password(pass),
  start: (name, pass) => '/sets new ' + name + password(pass),
  add: (lines) => '/sets add ' + JSON.stringify(lines),
  save: () => '/sets save',
  remove: (name, pass) => '/sets delete ' + name + password(pass),
};
