package io.axle;
