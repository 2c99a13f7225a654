// The room this tab hosts and its host key, for /claim after a reload: sessionStorage for this
// tab, localStorage to offer it back ("Take back room …").
const HOSTED_ROOM_ITEM = 'chalkline.host';

function read(storage) {
  try { return JSON.parse(storage.getItem(HOSTED_ROOM_ITEM)) || null; } catch (e) { return null; }
}

export const loadSeat = () => read(sessionStorage);
export const offeredSeat = () => read(localStorage);

export function saveSeat(seat) {
  try {
    for (const storage of [sessionStorage, localStorage]) {
      if (seat) storage.setItem(HOSTED_ROOM_ITEM, JSON.stringify(seat));
      else storage.removeItem(HOSTED_ROOM_ITEM);
    }
  } catch (e) { /* private mode: the seat lives as long as the page */ }
  return seat;
}
