-- wrk script: load the REST echo endpoint of a perf producer directly, with a 10-byte message
-- (the consumer's default request-size), e.g.
--   wrk -t2 -c100 -d15s -s demo-perf/scripts/echo-post.lua http://127.0.0.1:8080/PerfService/echo
wrk.method = "POST"
wrk.body = '{"message":"0123456789"}'
wrk.headers["Content-Type"] = "application/json"
