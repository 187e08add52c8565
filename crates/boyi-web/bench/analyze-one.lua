-- wrk: POST /api/analyze for one mid-game Connect Four position (10 stones):
-- solved by the first request, then answered from the cache.
-- wrk -t1 -c8 -d10s --latency -s analyze-one.lua http://127.0.0.1:8080
wrk.method = "POST"
wrk.path = "/api/analyze"
wrk.headers["Content-Type"] = "application/json"
wrk.body = '{"game":"connect4","position":"4453444352"}'
