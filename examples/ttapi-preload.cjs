/**
 * Points an unmodified ttapi bot (written for turntable.fm) at a Platter server:
 *
 *   PLATTER_URL=https://platter.example node -r ./ttapi-preload.cjs my-bot.js
 *
 * ttapi connects to wss://chat1.turntable.fm:8080/socket.io/websocket, whatever the room;
 * this swaps its connect() for one that opens PLATTER_URL's /socket.io/websocket instead
 * (ws:// for an http:// server, wss:// for https://), and sends its few HTTP reads
 * (directoryRooms) to PLATTER_URL's /api/ too. Everything else in ttapi stays as it is.
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
    .on('close', () => this.onClose());
};
