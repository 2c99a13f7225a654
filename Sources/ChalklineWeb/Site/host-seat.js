// The room this tab hosts and its host key, for /claim after a reload: sessionStorage for this
// tab, localStorage to offer it back ("Take back room …").
import { keptSeat } from './shared.js';

const HOSTED_ROOM_ITEM = 'chalkline.host';
const kept = keptSeat(HOSTED_ROOM_ITEM, ['sessionStorage', 'localStorage']);

export const loadSeat = kept.load;
export const offeredSeat = keptSeat(HOSTED_ROOM_ITEM, ['localStorage']).load;
export function saveSeat(seat) { kept.save(seat); return seat; }
