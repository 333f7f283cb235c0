# Fits forecast::ets and forecast::auto.arima (defaults) to each training series and writes
# their point forecasts and 90 % intervals.
# Usage: Rscript baselines.R values.csv tasks.csv out.csv frequency
suppressMessages(library(forecast))
args <- commandArgs(trailingOnly = TRUE)
values <- read.csv(args[1], colClasses = c("character", "numeric"))
tasks <- read.csv(args[2], colClasses = c("character", "integer"))
frequency <- as.integer(args[4])
series <- split(values$value, values$id)
out <- file(args[3], "w")
writeLines("id,model,step,mean,lo,hi", out)
for (i in seq_len(nrow(tasks))) {
  id <- tasks$id[i]
  h <- tasks$h[i]
  y <- ts(series[[id]], frequency = frequency)
  for (model in c("ets", "arima")) {
    fit <- if (model == "ets") ets(y) else auto.arima(y)
    f <- forecast(fit, h = h, level = 90)
    writeLines(paste(id, model, seq_len(h), f$mean, f$lower[, 1], f$upper[, 1], sep = ","), out)
  }
}
close(out)
