#!/bin/bash
# wait until 1-min load < 0.5 and the CPUs are >95% idle over 3 s
for i in $(seq 1 60); do
  l=$(cut -d' ' -f1 /proc/loadavg)
  a=($(head -1 /proc/stat)); sleep 3; b=($(head -1 /proc/stat))
  tot=0; for k in 1 2 3 4 5 6 7 8; do tot=$((tot + ${b[$k]} - ${a[$k]})); done
  idle=$(( (${b[4]} - ${a[4]}) * 100 / tot ))
  if awk "BEGIN{exit !($l < 0.5)}" && [ $idle -ge 95 ]; then echo "quiet: load1=$l idle=$idle%"; exit 0; fi
  sleep 7
done
echo "NOT quiet: load1=$l idle=$idle%"
