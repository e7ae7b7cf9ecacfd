#!/usr/bin/env node
// A cardkit-bot/1 bot that plays any cardkit game by picking a legal action at random.
// Run it as `cardkit arena GAME --bot 'exec:node examples/bots/random.js' ...`.
// No dependencies; stderr is its log.
"use strict";
const readline = require("readline");

function send(message) {
  process.stdout.write(JSON.stringify(message) + "\n");
}

// A small seeded generator (mulberry32), so a seed gives the same match.
let state = 0;
function random() {
  state = (state + 0x6d2b79f5) | 0;
  let t = Math.imul(state ^ (state >>> 15), 1 | state);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}

send({ type: "hello", protocol: "cardkit-bot/1", name: "random.js" });
const input = readline.createInterface({ input: process.stdin });
input.on("line", (line) => {
  const message = JSON.parse(line);
  if (message.type === "start") {
    state = message.seed | 0;
  } else if (message.type === "act") {
    const legal = message.legal;
    const choice = legal[Math.floor(random() * legal.length)];
    send({ type: "action", id: message.id, action: choice });
  } else if (message.type === "match_end") {
    input.close();
  }
  // events, hand_end and unknown types are ignored
});
