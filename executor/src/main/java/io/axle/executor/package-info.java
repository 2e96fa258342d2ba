package io.axle.executor;
