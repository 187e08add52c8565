-- wrk: POST /api/analyze for mid-game Connect Four positions never asked
-- before: 2000 random games of 10 stones (a fixed seed, so every run asks
-- the same ones; restart the server between runs for a cold start). Each
-- request is a fresh alpha-beta solve; only the shared table helps.
-- wrk -t1 -c8 -d10s --latency -s analyze-fresh.lua http://127.0.0.1:8080
local W, H, STONES, COUNT = 7, 6, 10, 2000

local seed = 12345
local function rand(n)
  -- Park and Miller's generator, exact in doubles: Lua's math.random
  -- differs between builds.
  seed = (seed * 16807) % 2147483647
  return seed % n + 1
end

local function four(grid, c, r)
  local p = grid[c][r]
  for _, d in ipairs({ { 1, 0 }, { 0, 1 }, { 1, 1 }, { 1, -1 } }) do
    local n = 1
    for _, s in ipairs({ 1, -1 }) do
      local x, y = c + s * d[1], r + s * d[2]
      while x >= 1 and x <= W and y >= 1 and y <= H and grid[x][y] == p do
        n = n + 1
        x, y = x + s * d[1], y + s * d[2]
      end
    end
    if n >= 4 then return true end
  end
  return false
end

-- A game of STONES random moves in which nobody has four in a row yet.
local function game()
  while true do
    local grid, heights, moves, ok = {}, {}, {}, true
    for c = 1, W do grid[c], heights[c] = {}, 0 end
    for i = 1, STONES do
      local c = rand(W)
      while heights[c] == H do c = rand(W) end
      heights[c] = heights[c] + 1
      grid[c][heights[c]] = i % 2
      moves[#moves + 1] = tostring(c)
      if four(grid, c, heights[c]) then ok = false break end
    end
    if ok then return table.concat(moves) end
  end
end

local bodies, seen = {}, {}
while #bodies < COUNT do
  local p = game()
  if not seen[p] then
    seen[p] = true
    bodies[#bodies + 1] = string.format('{"game":"connect4","position":"%s"}', p)
  end
end

local i = 0
request = function()
  i = i % #bodies + 1
  return wrk.format("POST", "/api/analyze", { ["Content-Type"] = "application/json" }, bodies[i])
end
