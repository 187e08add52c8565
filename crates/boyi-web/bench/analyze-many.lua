-- wrk: POST /api/analyze cycling through the 48 positions two moves after
-- a mid-game Connect Four position (10 stones; column 4 fills after one
-- more stone), as many players at different places in their games would ask.
-- wrk -t1 -c8 -d10s --latency -s analyze-many.lua http://127.0.0.1:8080
local base = "4453444352"
local bodies = {}
for a = 1, 7 do
  for b = 1, 7 do
    if not (a == 4 and b == 4) then
      bodies[#bodies + 1] = string.format('{"game":"connect4","position":"%s%d%d"}', base, a, b)
    end
  end
end
local i = 0
request = function()
  i = i % #bodies + 1
  return wrk.format("POST", "/api/analyze", { ["Content-Type"] = "application/json" }, bodies[i])
end
