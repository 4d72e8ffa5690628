/**
 * Points an unmodified ttapi bot (written for turntable.fm) at a Platter server:
 *
 *   PLATTER_URL=https://platter.example node -r ./ttapi-preload.cjs my-bot.js
 *
 * ttapi connects to wss://chat1.turntable.fm:8080/socket.io/websocket, whatever the room;
 * this swaps its connect() for one that opens PLATTER_URL's /socket.io/websocket instead
 * (ws:// for an http:// server, wss:// for https://), and sends its few HTTP reads
 * (directoryRooms) to PLATTER_URL's /api/ too. And when the line closes (the server restarted, the
 * session ended), the bot hears `disconnected` at once, as ttapi itself would say after 120 s of
 * silence: connect a new Bot then (docs/bots.md). Everything else in ttapi stays as it is.
 * Run it from the bot's folder: it patches the ttapi the bot itself loads.
 */
'use strict';
const path = require('node:path');

const ttapiPath = require.resolve('ttapi', { paths: [process.cwd(), __dirname] });
const Bot = require(ttapiPath);
// ttapi's own copy of ws (it needs the ws 7 API it was written for).
const TtapiWebSocket = require(require.resolve('ws', { paths: [path.dirname(ttapiPath)] }));

Bot.prototype.connect = function connect(roomId) {
  if (!/^[0-9a-f]{24}$/.test(roomId)) throw new Error(`Invalid roomId: cannot connect to '${roomId}'`);
  const server = new URL(process.env.PLATTER_URL || 'http://localhost:8080');
  const socketUrl = new URL('/socket.io/websocket', server);
  socketUrl.protocol = server.protocol === 'https:' ? 'wss:' : 'ws:';
  this.apiUrl = `${server.origin}/`;
  this.ws = new TtapiWebSocket(socketUrl.href);
  this.ws
    .on('message', (data) => this.onMessage(String(data)))
    .on('error', (error) => this.disconnect(error))
    .on('close', () => {
      this.onClose();
      // ttapi's own word for a lost line (its disconnect(): `disconnected`, or `error` when nobody
      // listens), said now rather than after its 120 s silence; not when the bot closed it itself.
      if (this._isConnected) this.disconnect(new Error('The connection to the server closed.'));
    });
};

// A bot that closes its line on purpose has not lost it.
const close = Bot.prototype.close;
Bot.prototype.close = function closeOnPurpose() {
  this._isConnected = false;
  return close.call(this);
};
