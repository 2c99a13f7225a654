// Every line the teacher's page sends (protocol.md, Commands), a method a command; false when
// the connection is not open.
export function hostCommands(send) {
  return {
    catalog: () => send('/catalog'),
    name: (name) => send('/name ' + name),
    create: (kind, options, password) => send('/create ' + kind
      + options.map(([name, value]) => ' ' + name + '=' + value).join('')
      + (password ? ' password=' + password.replace(/\s+/g, '') : '')),
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
