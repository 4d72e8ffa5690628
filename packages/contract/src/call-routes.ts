/**
 * How each call travels, without its schemas: what a browser needs to send a call. The web
 * does not validate calls itself (the server is authoritative, docs/web-weight.md), so it
 * reads the method and the transport here instead of from the call table, which would bring
 * every schema and zod into the page. call-routes.test.ts holds this to the call table.
 */
import type { CallName } from './api';

/** Calls sent as GET; every other call is a POST. */
export const getCallNames = new Set<CallName>([
  'user.authenticate',
  'user.info',
  'user.suggest_name',
  'user.verify_name',
  'user.get_id',
  'user.get_prefs',
  'user.modify',
  'presence.get',
  'user.get_profile_info',
  'user.become_fan',
  'user.remove_fan',
  'user.get_fan_info',
  'user.get_fan_of_info',
  'user.get_fan_of',
  'room.get_reports',
  'room.directory_rooms',
  'room.search',
  'room.directory_graph',
  'room.get_favorites',
  'room.info',
  'room.ban_list',
  'room.moderation_log',
  'social.get_accounts',
  'headband.get_headbands',
  'newsbox.get_news',
  'user.get_contact_prefs',
  'block.add',
  'block.remove',
  'block.list_all',
  'sticker.get',
  'sticker.get_placements',
  'sticker.get_purchased_stickers',
  'user.available_avatars',
  'order.products',
  'order.get_payment_info',
  'order.subscription_info',
  'order.subscription_state',
  'order.state',
  'pm.history',
  'pm.conversations',
  'room.history',
  'library.list',
  'playlist.list_all',
  'playlist.all',
]);

/** Calls that only work over the websocket (CallDefinition.transport). */
export const socketOnlyCallNames = new Set<CallName>([
  'room.follow_directory_graph',
  'room.follow_counts',
  'room.register',
  'room.speak',
  'room.deregister',
]);

export function callMethod(name: CallName): 'GET' | 'POST' {
  return getCallNames.has(name) ? 'GET' : 'POST';
}
